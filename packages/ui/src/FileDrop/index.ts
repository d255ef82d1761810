export { FileDrop, formatExtensions, type FileDropProps } from './FileDrop.js';
