import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from '../Button/Button.js';
import { Card } from '../Card/Card.js';
import { TopBar } from '../TopBar/TopBar.js';
import { AppShell } from './AppShell.js';
import { APP_TITLE, NAV_ITEMS } from './navigation.js';

const navigate = fn();

const meta = {
  title: 'Layout/AppShell',
  component: AppShell,
  parameters: { layout: 'fullscreen' },
  args: {
    currentPath: '/',
    // A router-like link: the dashboard passes React Router's <Link> here.
    renderLink: ({ href, ...props }) => (
      <a
        href={href}
        {...props}
        onClick={(event) => {
          event.preventDefault();
          navigate(href);
        }}
      />
    ),
    children: (
      <Card title="Content">
        <p style={{ margin: 0 }}>Page content goes here.</p>
      </Card>
    ),
  },
} satisfies Meta<typeof AppShell>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(APP_TITLE)).toBeVisible();
    const nav = canvas.getByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    await expect(links.map((l) => l.textContent)).toEqual([
      'Dashboard',
      'Endpoints',
      'Domains',
      'Vulnerabilities',
      'PII Detection',
      'Alerts',
      'Settings',
    ]);
    await expect(links.map((l) => l.getAttribute('href'))).toEqual(NAV_ITEMS.map((i) => i.href));
    await expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await userEvent.click(within(nav).getByRole('link', { name: 'Alerts' }));
    await expect(navigate).toHaveBeenCalledWith('/alerts');
  },
};

/** Dashboard is highlighted for /dashboard as well as /. */
export const DashboardAlias: Story = {
  args: { currentPath: '/dashboard' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  },
};

/** Nested routes keep their section active (/endpoints/42 → Endpoints). */
export const NestedRoute: Story = {
  args: { currentPath: '/endpoints/42' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: 'Endpoints' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  },
};

export const WithTopBar: Story = {
  args: {
    currentPath: '/',
    topBar: (
      <TopBar
        title="Dashboard"
        searchValue=""
        onSearchChange={fn()}
        searchPlaceholder="Search endpoints, domains, or vulnerabilities..."
        onRefresh={fn()}
        primaryAction={<Button>Run Scan</Button>}
      />
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Run Scan' })).toBeEnabled();
  },
};

/** Default links are plain anchors; Tab walks the sidebar in order. */
export const PlainLinks: Story = {
  args: { currentPath: '/settings', renderLink: undefined },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: 'Dashboard' })).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: 'Endpoints' })).toHaveFocus();
    await expect(canvas.getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
  },
};

/**
 * At phone width (390 px) the sidebar is a bar: the title and a "Menu" button that
 * opens the navigation; following a link closes it again.
 */
export const Phone: Story = {
  ...WithTopBar,
  decorators: [
    (Story) => (
      <div style={{ width: 390 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const menu = canvas.getByRole('button', { name: 'Menu' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.queryByRole('navigation', { name: 'Main' })).toBeNull();
    await expect(canvas.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(canvasElement.firstElementChild?.scrollWidth).toBeLessThanOrEqual(390);
    await userEvent.click(menu);
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    const nav = canvas.getByRole('navigation', { name: 'Main' });
    await expect(within(nav).getByRole('link', { name: 'Alerts' })).toBeVisible();
    await userEvent.click(menu);
    await expect(canvas.queryByRole('navigation', { name: 'Main' })).toBeNull();
    await expect(args.currentPath).toBe('/');
  },
};
