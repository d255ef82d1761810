export { Button, type ButtonProps } from './Button.js';
export type { ButtonVariant, ButtonSize } from './Button.styles.js';
