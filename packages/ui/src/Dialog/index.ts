export { Dialog, DialogClose, type DialogProps } from './Dialog.js';
export type { DialogSize } from './Dialog.styles.js';
