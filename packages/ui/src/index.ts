// The public API of @cairn/ui: the panel imports only from here.

export {
  BUTTON_SIZES,
  BUTTON_TONES,
  BUTTON_VARIANTS,
  type ButtonSize,
  type ButtonTone,
  type ButtonVariant,
} from './Button/Button.css.ts';
export { Button, type ButtonProps } from './Button/Button.tsx';
export { Checkbox, type CheckboxProps } from './Checkbox/Checkbox.tsx';
export { FIELD_SIZES, type FieldSize } from './Field/Field.css.ts';
export { Field, type FieldControlProps, type FieldProps } from './Field/Field.tsx';
export { IconButton, type IconButtonProps } from './IconButton/IconButton.tsx';
export * from './NavigationProgress/index.ts';
export { NumberField, type NumberFieldProps, parseNumber } from './NumberField/NumberField.tsx';
export { RadioGroup, type RadioGroupProps, type RadioOption } from './RadioGroup/RadioGroup.tsx';
export { Select, type SelectOption, type SelectProps } from './Select/Select.tsx';
export { SPINNER_SIZES, Spinner, type SpinnerProps, type SpinnerSize } from './Spinner/Spinner.tsx';
export { Switch, type SwitchProps } from './Switch/Switch.tsx';
export { TextField, type TextFieldProps } from './TextField/TextField.tsx';
export * from './Toast/index.ts';
