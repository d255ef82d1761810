'use client';

import * as RadixSlider from '@radix-ui/react-slider';
import { styled } from 'styled-components';
import { focusRing } from '../internal/styles.js';

const Root = styled(RadixSlider.Root)`
  position: relative;
  display: flex;
  align-items: center;
  width: 100%;
  height: 20px;
  user-select: none;
  touch-action: none;

  &[data-disabled] {
    opacity: 0.5;
  }
`;

const Track = styled(RadixSlider.Track)`
  position: relative;
  flex-grow: 1;
  height: 6px;
  overflow: hidden;
  border-radius: var(--radius-full);
  background: var(--color-border-strong);
`;

const Range = styled(RadixSlider.Range)`
  position: absolute;
  height: 100%;
  background: var(--color-accent-emphasis);
`;

const Thumb = styled(RadixSlider.Thumb)`
  display: block;
  width: 18px;
  height: 18px;
  border: 2px solid var(--color-accent-emphasis);
  border-radius: var(--radius-full);
  background: var(--color-surface);
  box-shadow: var(--shadow-sm);
  cursor: grab;
  ${focusRing}
`;

export interface SliderProps {
  /** Controlled value. */
  value?: number;
  /** Initial value when uncontrolled. */
  defaultValue?: number;
  /** Called with the new value while the thumb moves. */
  onValueChange?: (value: number) => void;
  /** Lowest value (default 0). */
  min?: number;
  /** Highest value (default 100). */
  max?: number;
  /** Step between values (default 1). */
  step?: number;
  /** Accessible name of the thumb (role="slider"). */
  'aria-label'?: string;
  /** Id of a visible label element naming the slider. */
  'aria-labelledby'?: string;
  /** Greys the slider out and ignores input. */
  disabled?: boolean;
  /** Id of the thumb (for an external label). */
  id?: string;
  /** Form field name when the slider is part of a form. */
  name?: string;
}

/** A single-value slider (Radix): arrow keys, Home/End and PageUp/PageDown work. */
export function Slider({
  value,
  defaultValue,
  onValueChange,
  min = 0,
  max = 100,
  step = 1,
  disabled,
  name,
  id,
  ...aria
}: SliderProps) {
  return (
    <Root
      value={value === undefined ? undefined : [value]}
      defaultValue={defaultValue === undefined ? undefined : [defaultValue]}
      onValueChange={(values) => {
        const [next] = values;
        if (next !== undefined) onValueChange?.(next);
      }}
      min={min}
      max={max}
      step={step}
      disabled={disabled}
      name={name}
    >
      <Track>
        <Range />
      </Track>
      <Thumb id={id} {...aria} />
    </Root>
  );
}
