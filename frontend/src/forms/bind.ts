import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

/** Connects a react-hook-form field to an MUI TextField, with its message under the field. */
export function bind(registration: UseFormRegisterReturn, error?: FieldError) {
  const { ref, ...rest } = registration;
  return { ...rest, inputRef: ref, error: !!error, helperText: error?.message ?? ' ' };
}
