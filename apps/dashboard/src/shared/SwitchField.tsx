import { Switch } from '@argus/ui';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

export interface SwitchFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  description?: string;
}

/** An on/off switch bound to a react-hook-form field; on until the form says otherwise. */
export function SwitchField<T extends FieldValues>({
  control,
  name,
  label,
  description,
}: SwitchFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { value, onChange } }) => (
        <Switch
          label={label}
          description={description}
          checked={(value as boolean | undefined) ?? true}
          onCheckedChange={onChange}
        />
      )}
    />
  );
}
