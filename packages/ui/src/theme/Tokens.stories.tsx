import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { styled } from 'styled-components';
import { themeVariables, tones } from './tokens.js';

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(180px, 1fr));
  gap: var(--space-3);
`;

const Swatch = styled.div`
  display: flex;
  flex-direction: column;
  gap: var(--space-1);
  font-size: var(--font-size-xs);
`;

const Chip = styled.div`
  height: 40px;
  border: 1px solid var(--color-border);
  border-radius: var(--radius-md);
`;

function Palette() {
  const names = Object.keys(themeVariables('light')).filter((n) => n.startsWith('color-'));
  return (
    <div style={{ display: 'grid', gap: 24 }}>
      <Grid>
        {names.map((name) => (
          <Swatch key={name}>
            <Chip style={{ background: `var(--${name})` }} />
            <code>--{name}</code>
          </Swatch>
        ))}
      </Grid>
      <Grid>
        {tones.map((tone) => (
          <Swatch key={tone}>
            <Chip
              style={{
                background: `var(--tone-${tone}-bg)`,
                color: `var(--tone-${tone}-fg)`,
                display: 'grid',
                placeItems: 'center',
                fontWeight: 600,
              }}
            >
              {tone}
            </Chip>
            <Chip style={{ background: `var(--tone-${tone}-solid)`, height: 8 }} />
          </Swatch>
        ))}
      </Grid>
    </div>
  );
}

const meta = {
  title: 'Foundations/Tokens',
  component: Palette,
} satisfies Meta<typeof Palette>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Colour tokens and tones of the active theme (switch theme in the toolbar). */
export const Colours: Story = {
  play: async () => {
    const value = getComputedStyle(document.documentElement)
      .getPropertyValue('--color-accent-emphasis')
      .trim();
    await expect(value).toBe('#4f46e5');
  },
};
