'use client';

import { FileText, Upload } from 'lucide-react';
import { useId, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { styled } from 'styled-components';
import { Button } from '../Button/Button.js';

const Zone = styled.div<{ $dragging: boolean; $invalid: boolean }>`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: var(--space-2);
  padding: var(--space-6) var(--space-4);
  border: 2px dashed
    ${(p) =>
      p.$invalid
        ? 'var(--color-danger-fg)'
        : p.$dragging
          ? 'var(--color-focus-ring)'
          : 'var(--color-border-strong)'};
  border-radius: var(--radius-lg);
  background: ${(p) => (p.$dragging ? 'var(--tone-primary-bg)' : 'var(--color-surface-muted)')};
  color: var(--color-fg-muted);
  text-align: center;
  font-size: var(--font-size-sm);
`;

const HiddenInput = styled.input`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
`;

const Chosen = styled.p`
  display: inline-flex;
  align-items: center;
  gap: var(--space-2);
  margin: 0;
  color: var(--color-fg);
  font-weight: var(--font-weight-medium);
`;

const ErrorText = styled.p`
  margin: 0;
  color: var(--color-danger-fg);
  font-weight: var(--font-weight-medium);
`;

export interface FileDropProps {
  /** Allowed extensions, with the dot: `['.json', '.yaml', '.yml']`. */
  accept: readonly string[];
  /** Called with the file and its text once a valid file is dropped or chosen. */
  onFile: (file: File, text: string) => void;
  /** Accessible name of the file input and the text on the button. */
  label?: string;
  /** Text inside the zone. */
  prompt?: ReactNode;
  /** Extra line under the chosen file name (e.g. "1,204 lines"). */
  details?: ReactNode;
  /** An error from outside (e.g. form validation). */
  error?: ReactNode;
  /** Refuses drops and clicks, e.g. while an upload runs. */
  disabled?: boolean;
}

/** Human list of extensions: ".json, .yaml or .yml". */
export function formatExtensions(accept: readonly string[]): string {
  if (accept.length <= 1) return accept.join('');
  return `${accept.slice(0, -1).join(', ')} or ${accept[accept.length - 1]}`;
}

function hasAllowedExtension(name: string, accept: readonly string[]): boolean {
  const lower = name.toLowerCase();
  return accept.some((ext) => lower.endsWith(ext.toLowerCase()));
}

/** Drag-and-drop or browse for one text file of the given extensions. */
export function FileDrop({
  accept,
  onFile,
  label = 'Choose file',
  prompt,
  details,
  error,
  disabled = false,
}: FileDropProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [fileName, setFileName] = useState<string | null>(null);
  const [rejection, setRejection] = useState<string | null>(null);

  async function take(file: File | undefined) {
    if (!file) return;
    if (!hasAllowedExtension(file.name, accept)) {
      setRejection(`"${file.name}" is not supported. Use a ${formatExtensions(accept)} file.`);
      return;
    }
    setRejection(null);
    setFileName(file.name);
    onFile(file, await file.text());
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    if (!disabled) void take(event.dataTransfer.files[0]);
  }

  const message = rejection ?? error;
  return (
    <Zone
      $dragging={dragging}
      $invalid={Boolean(message)}
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      data-testid="file-drop"
    >
      <Upload size={24} aria-hidden="true" />
      <span>{prompt ?? `Drag a ${formatExtensions(accept)} file here, or`}</span>
      <HiddenInput
        ref={inputRef}
        id={inputId}
        type="file"
        accept={accept.join(',')}
        aria-label={label}
        tabIndex={-1}
        disabled={disabled}
        onChange={(event) => {
          void take(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      <Button variant="outline" size="sm" disabled={disabled} onClick={() => inputRef.current?.click()}>
        {label}
      </Button>
      {fileName ? (
        <Chosen>
          <FileText size={16} aria-hidden="true" />
          {fileName}
        </Chosen>
      ) : null}
      {fileName && details ? <span>{details}</span> : null}
      {message ? <ErrorText role="alert">{message}</ErrorText> : null}
    </Zone>
  );
}
