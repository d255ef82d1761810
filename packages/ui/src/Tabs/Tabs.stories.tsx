import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './Tabs.js';

const meta = {
  title: 'Inputs/Tabs',
  component: Tabs,
  args: { defaultValue: 'scanning' },
  render: (args) => (
    <Tabs {...args}>
      <TabsList aria-label="Configuration sections">
        <TabsTrigger value="scanning">Scanning</TabsTrigger>
        <TabsTrigger value="risk">Risk Scoring</TabsTrigger>
        <TabsTrigger value="users">User Management</TabsTrigger>
        <TabsTrigger value="integrations" disabled>
          Integrations
        </TabsTrigger>
      </TabsList>
      <TabsContent value="scanning">Scan interval, timeout and concurrency.</TabsContent>
      <TabsContent value="risk">Four weights that should total 100.</TabsContent>
      <TabsContent value="users">User management is coming soon.</TabsContent>
      <TabsContent value="integrations">API keys.</TabsContent>
    </Tabs>
  ),
} satisfies Meta<typeof Tabs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('tab', { name: 'Scanning' })).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent('Scan interval');
    await userEvent.click(canvas.getByRole('tab', { name: 'Risk Scoring' }));
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent('Four weights');
  },
};

/** Arrow keys move between tabs; disabled tabs are skipped. */
export const Keyboard: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole('tab', { name: 'Scanning' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('tab', { name: 'Risk Scoring' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    await expect(canvas.getByRole('tab', { name: 'Scanning' })).toHaveFocus();
    await expect(canvas.getByRole('tab', { name: 'Integrations' })).toBeDisabled();
  },
};

export const SecondTabSelected: Story = { args: { defaultValue: 'users' } };
