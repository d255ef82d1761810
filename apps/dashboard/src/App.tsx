import { BrowserRouter } from 'react-router-dom';
import { Providers } from './Providers.js';
import { AppRoutes } from './routes.js';
import { ThemeSwitchProvider } from './shell/theme.js';

export function App() {
  return (
    <ThemeSwitchProvider>
      {(theme) => (
        <Providers theme={theme}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </Providers>
      )}
    </ThemeSwitchProvider>
  );
}
