import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ReactNode } from 'react';
import { expect } from 'storybook/test';
import { styled } from 'styled-components';
import { scales, themeVariables, tones } from './tokens.js';

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

const Rows = styled.table`
  border-collapse: collapse;
  width: 100%;
  font-size: var(--font-size-sm);
  th,
  td {
    padding: var(--space-2) var(--space-3);
    border-bottom: 1px solid var(--color-border);
    text-align: left;
    vertical-align: middle;
  }
  th {
    color: var(--color-fg-muted);
    font-weight: var(--font-weight-semibold);
  }
`;

const scaleNames = (prefix: string) => Object.keys(scales).filter((n) => n.startsWith(prefix));

/** A table of tokens: the variable, its value, and a sample drawn with it. */
function TokenTable({
  caption,
  names,
  sample,
}: {
  caption: string;
  names: string[];
  sample: (name: string) => ReactNode;
}) {
  return (
    <Rows>
      <caption style={{ textAlign: 'left', fontWeight: 600, paddingBottom: 8 }}>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Variable</th>
          <th scope="col">Value</th>
          <th scope="col">Sample</th>
        </tr>
      </thead>
      <tbody>
        {names.map((name) => (
          <tr key={name}>
            <td>
              <code>--{name}</code>
            </td>
            <td>
              <code>{themeVariables('light')[name] ?? scales[name]}</code>
            </td>
            <td>{sample(name)}</td>
          </tr>
        ))}
      </tbody>
    </Rows>
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

/** Font families, sizes, weights and the line height. */
export const Typography: Story = {
  // Renders fixed examples: the component's controls would change nothing.
  parameters: { controls: { disable: true } },
  render: () => (
    <div style={{ display: 'grid', gap: 24 }}>
      <TokenTable
        caption="Families"
        names={scaleNames('font-sans').concat(scaleNames('font-mono'))}
        sample={(name) => <span style={{ fontFamily: `var(--${name})` }}>GET /v1/orders/{'{orderId}'}</span>}
      />
      <TokenTable
        caption="Sizes"
        names={scaleNames('font-size-')}
        sample={(name) => <span style={{ fontSize: `var(--${name})` }}>Endpoint risk</span>}
      />
      <TokenTable
        caption="Weights"
        names={scaleNames('font-weight-')}
        sample={(name) => <span style={{ fontWeight: `var(--${name})` }}>Endpoint risk</span>}
      />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('tbody tr')).toHaveLength(
      scaleNames('font-sans').length +
        scaleNames('font-mono').length +
        scaleNames('font-size-').length +
        scaleNames('font-weight-').length,
    );
  },
};

/** The spacing scale (4 px steps) for padding, gaps and margins. */
export const Spacing: Story = {
  // Renders fixed examples: the component's controls would change nothing.
  parameters: { controls: { disable: true } },
  render: () => (
    <TokenTable
      caption="Spacing"
      names={scaleNames('space-')}
      sample={(name) => (
        <span
          aria-hidden="true"
          style={{
            display: 'block',
            height: 12,
            width: `var(--${name})`,
            background: 'var(--color-accent-emphasis)',
          }}
        />
      )}
    />
  ),
};

/** Corner radii: small for chips and inputs, medium for buttons and cards, large for dialogs. */
export const Radius: Story = {
  // Renders fixed examples: the component's controls would change nothing.
  parameters: { controls: { disable: true } },
  render: () => (
    <TokenTable
      caption="Radius"
      names={scaleNames('radius-')}
      sample={(name) => (
        <span
          aria-hidden="true"
          style={{
            display: 'block',
            width: 48,
            height: 32,
            borderRadius: `var(--${name})`,
            border: '2px solid var(--color-accent-emphasis)',
          }}
        />
      )}
    />
  ),
};

/** Elevation: shadows differ per theme (stronger on dark). */
export const Shadow: Story = {
  // Renders fixed examples: the component's controls would change nothing.
  parameters: { controls: { disable: true } },
  render: () => (
    <TokenTable
      caption="Shadow"
      names={Object.keys(themeVariables('light')).filter((n) => n.startsWith('shadow-'))}
      sample={(name) => (
        <span
          aria-hidden="true"
          style={{
            display: 'block',
            width: 96,
            height: 40,
            margin: 8,
            borderRadius: 'var(--radius-md)',
            background: 'var(--color-surface)',
            boxShadow: `var(--${name})`,
          }}
        />
      )}
    />
  ),
};
