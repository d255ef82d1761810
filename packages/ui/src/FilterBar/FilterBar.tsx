'use client';

import { X } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../Button/Button.js';
import { Select, type SelectOption } from '../Select/Select.js';
import { Bar, Chip, ChipRemove, Chips, Field, Fields, Label } from './FilterBar.styles.js';

export interface FilterDefinition {
  /** Key of the filter, e.g. the query parameter it sets (`domain`, `method`). */
  key: string;
  /** Visible label of the select and the chip, e.g. "Domain". */
  label: string;
  /** The values the filter can take. */
  options: readonly SelectOption[];
  /** Shown in the select while the filter is off (default "Any"). */
  placeholder?: string;
}

/** The active filters: key → selected value; a missing key means the filter is off. */
export type FilterValues = Readonly<Record<string, string | undefined>>;

export interface FilterBarProps {
  /** Accessible name of the group of filters, e.g. "Filter endpoints". */
  label: string;
  /** The filters, in the order they are shown. */
  filters: readonly FilterDefinition[];
  /** The current values (controlled). */
  values: FilterValues;
  /** Called with the whole new set of values when one filter changes, is removed or all are cleared. */
  onValuesChange: (values: Record<string, string>) => void;
}

function activeValues(filters: readonly FilterDefinition[], values: FilterValues): Record<string, string> {
  const active: Record<string, string> = {};
  for (const filter of filters) {
    const value = values[filter.key];
    if (value !== undefined && value !== '') active[filter.key] = value;
  }
  return active;
}

function optionLabel(filter: FilterDefinition, value: string): string {
  return filter.options.find((option) => option.value === value)?.label ?? value;
}

/**
 * A row of labelled selects, one per filter, with a removable chip per active filter and
 * "Clear all". Presentational: the page keeps the values (e.g. in the URL query string).
 */
export function FilterBar({ label, filters, values, onValuesChange }: FilterBarProps) {
  const baseId = useId();
  const active = activeValues(filters, values);
  const shown = filters.filter((filter) => active[filter.key] !== undefined);

  const set = (key: string, value: string | undefined) => {
    const next = { ...active };
    if (value === undefined) delete next[key];
    else next[key] = value;
    onValuesChange(next);
  };

  return (
    <Bar role="group" aria-label={label}>
      <Fields>
        {filters.map((filter) => {
          const id = `${baseId}-${filter.key}`;
          return (
            <Field key={filter.key}>
              <Label htmlFor={id}>{filter.label}</Label>
              <Select
                id={id}
                options={filter.options}
                value={active[filter.key] ?? ''}
                placeholder={filter.placeholder ?? 'Any'}
                onValueChange={(value) => set(filter.key, value)}
              />
            </Field>
          );
        })}
      </Fields>
      {shown.length > 0 && (
        <Chips aria-label="Active filters">
          {shown.map((filter) => {
            const text = `${filter.label}: ${optionLabel(filter, active[filter.key] ?? '')}`;
            return (
              <Chip key={filter.key}>
                <span>{text}</span>
                <ChipRemove
                  type="button"
                  aria-label={`Remove filter ${text}`}
                  onClick={() => set(filter.key, undefined)}
                >
                  <X size={14} aria-hidden="true" />
                </ChipRemove>
              </Chip>
            );
          })}
          <li>
            <Button variant="ghost" size="sm" onClick={() => onValuesChange({})}>
              Clear all
            </Button>
          </li>
        </Chips>
      )}
    </Bar>
  );
}
