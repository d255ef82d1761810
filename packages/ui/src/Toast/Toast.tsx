'use client';

import * as RadixToast from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { Close, Description, Root, Text, Title, Viewport, type ToastVariant } from './Toast.styles.js';

/** Spec: only one toast shows at a time. */
export const TOAST_LIMIT = 1;
/** Spec: default display time. */
export const TOAST_DURATION_MS = 5000;
/** Spec: a dismissed toast is removed from state after this long (it is already hidden). */
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
/** Spec: swipe right past 50 px to dismiss. */
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export interface ToastOptions {
  title: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Display time in ms (default 5000). */
  duration?: number;
  /** Optional action element (e.g. an "Undo" button); needs `actionAltText`. */
  action?: ReactNode;
  actionAltText?: string;
}

interface ToastEntry extends ToastOptions {
  id: string;
  open: boolean;
}

export interface ToastApi {
  /** Shows a toast (replacing the current one) and returns its id. */
  toast: (options: ToastOptions) => string;
  /** Closes one toast, or all when no id is given. */
  dismiss: (id?: string) => void;
  /** The toasts currently in state (open or closing). */
  toasts: readonly ToastEntry[];
}

const ToastContext = createContext<ToastApi | null>(null);

let counter = 0;

export interface ToastProviderProps {
  /** The app; `useToast()` works anywhere below. */
  children?: ReactNode;
  /** Accessible label of the region; Radix appends the hotkey hint. */
  label?: string;
}

/**
 * Holds toast state and renders the Radix viewport (F8 focuses it). Wrap the
 * app once; call `useToast().toast({...})` anywhere below.
 */
export function ToastProvider({ children, label = 'Notifications' }: ToastProviderProps) {
  const [toasts, setToasts] = useState<ToastEntry[]>([]);
  const removalTimers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  const scheduleRemoval = useCallback((id: string) => {
    if (removalTimers.current.has(id)) return;
    const timer = setTimeout(() => {
      removalTimers.current.delete(id);
      setToasts((current) => current.filter((t) => t.id !== id));
    }, TOAST_REMOVE_DELAY_MS);
    removalTimers.current.set(id, timer);
  }, []);

  const dismiss = useCallback((id?: string) => {
    setToasts((current) => current.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
  }, []);

  useEffect(() => {
    for (const t of toasts) if (!t.open) scheduleRemoval(t.id);
  }, [toasts, scheduleRemoval]);

  useEffect(() => {
    const timers = removalTimers.current;
    return () => {
      for (const timer of timers.values()) clearTimeout(timer);
    };
  }, []);

  const toast = useCallback((options: ToastOptions) => {
    counter += 1;
    const id = `toast-${counter}`;
    setToasts((current) => [{ ...options, id, open: true }, ...current].slice(0, TOAST_LIMIT));
    return id;
  }, []);

  const api = useMemo<ToastApi>(() => ({ toast, dismiss, toasts }), [toast, dismiss, toasts]);

  return (
    <ToastContext.Provider value={api}>
      <RadixToast.Provider
        label={label}
        duration={TOAST_DURATION_MS}
        swipeDirection="right"
        swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      >
        {children}
        {toasts.map(
          ({ id, open, title, description, variant = 'default', duration, action, actionAltText }) => (
            <Root
              key={id}
              open={open}
              onOpenChange={(next) => {
                if (!next) dismiss(id);
              }}
              duration={duration}
              type={variant === 'destructive' ? 'foreground' : 'background'}
              $variant={variant}
              data-variant={variant}
            >
              <Text>
                <Title>{title}</Title>
                {description ? <Description>{description}</Description> : null}
              </Text>
              {action && actionAltText ? (
                <RadixToast.Action asChild altText={actionAltText}>
                  {action}
                </RadixToast.Action>
              ) : null}
              <Close aria-label="Dismiss notification">
                <X size={14} aria-hidden="true" />
              </Close>
            </Root>
          ),
        )}
        <Viewport />
      </RadixToast.Provider>
    </ToastContext.Provider>
  );
}

/** `const { toast } = useToast(); toast({ title: 'Scan Started', description: '…' })`. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast() must be used inside <ToastProvider>.');
  return api;
}
