export {
  ToastProvider,
  useToast,
  TOAST_LIMIT,
  TOAST_DURATION_MS,
  TOAST_REMOVE_DELAY_MS,
  TOAST_SWIPE_THRESHOLD_PX,
  type ToastOptions,
  type ToastApi,
  type ToastProviderProps,
} from './Toast.js';
export type { ToastVariant } from './Toast.styles.js';
