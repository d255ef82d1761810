import type { Meta, StoryObj } from '@storybook/react-vite';
import { Play } from 'lucide-react';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from '../Button/Button.js';
import { TopBar, type TopBarProps } from './TopBar.js';

const meta = {
  title: 'Layout/TopBar',
  component: TopBar,
  parameters: { layout: 'fullscreen' },
  args: {
    title: 'Dashboard',
    searchPlaceholder: 'Search endpoints, domains, or vulnerabilities...',
    onSearchChange: fn(),
    onRefresh: fn(),
    primaryAction: <Button icon={<Play size={16} aria-hidden="true" />}>Run Scan</Button>,
  },
} satisfies Meta<typeof TopBar>;

export default meta;
type Story = StoryObj<typeof meta>;

function Stateful(args: TopBarProps) {
  const [search, setSearch] = useState('');
  return (
    <TopBar
      {...args}
      searchValue={search}
      onSearchChange={(v) => {
        setSearch(v);
        args.onSearchChange?.(v);
      }}
    />
  );
}

/** Search text is held; refresh calls back; Tab goes search → refresh → Run Scan. */
export const Playground: Story = {
  render: (args) => <Stateful {...args} />,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    const search = canvas.getByRole('searchbox', {
      name: 'Search endpoints, domains, or vulnerabilities...',
    });
    await expect(search).toHaveFocus();
    await userEvent.keyboard('payments');
    await expect(search).toHaveValue('payments');
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Refresh' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onRefresh).toHaveBeenCalledOnce();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Run Scan' })).toHaveFocus();
  },
};

/** While scanning: "Scanning..." with a spinner, disabled. */
export const Scanning: Story = {
  args: {
    primaryAction: (
      <Button loading loadingText="Scanning...">
        Run Scan
      </Button>
    ),
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Scanning...' })).toBeDisabled();
  },
};

export const TitleAndSubtitleOnly: Story = {
  args: {
    title: 'API Endpoints',
    subtitle: 'Manage and monitor all discovered endpoints',
    onSearchChange: undefined,
    primaryAction: undefined,
  },
};
