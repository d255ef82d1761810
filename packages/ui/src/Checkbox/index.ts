export { Checkbox, type CheckboxProps, type CheckedState } from './Checkbox.js';
