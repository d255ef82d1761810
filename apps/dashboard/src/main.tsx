import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import './fonts.js';

/** `VITE_MOCK_API=1 vite` (npm run dev:mock): answer every call from the @argus/api mocks, no server needed. */
async function startMockApi(): Promise<void> {
  if (import.meta.env.VITE_MOCK_API !== '1') return;
  const [{ setupWorker }, { createHandlers }] = await Promise.all([
    import('msw/browser'),
    import('@argus/api/mocks'),
  ]);
  await setupWorker(...createHandlers({ latencyMs: 150 })).start({
    onUnhandledRequest: 'bypass',
    quiet: true,
  });
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

void startMockApi().then(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
