import { FormField, Select, type SelectOption } from '@argus/ui';
import type { ReactNode } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

export interface SelectFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: ReactNode;
  options: readonly SelectOption[];
  placeholder?: string;
  required?: boolean;
  error?: ReactNode;
}

/** A labelled dropdown bound to a react-hook-form field (the forms' one way to pick from a list). */
export function SelectField<T extends FieldValues>({
  control,
  name,
  label,
  options,
  placeholder,
  required,
  error,
}: SelectFieldProps<T>) {
  return (
    <FormField label={label} required={required} error={error}>
      {(field) => (
        <Controller
          control={control}
          name={name}
          render={({ field: { value, onChange } }) => (
            <Select
              {...field}
              value={(value as string | undefined) ?? ''}
              onValueChange={onChange}
              placeholder={placeholder}
              options={options}
            />
          )}
        />
      )}
    </FormField>
  );
}
