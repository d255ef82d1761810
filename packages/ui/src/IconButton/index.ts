export { IconButton, type IconButtonProps } from './IconButton.js';
