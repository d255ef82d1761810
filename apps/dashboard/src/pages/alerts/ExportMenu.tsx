import { paths, type AlertExportQuery } from '@argus/api';
import { Button } from '@argus/ui';
import { ChevronDown, Download } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { styled } from 'styled-components';

const Wrapper = styled.div`
  position: relative;
`;

const Menu = styled.ul`
  position: absolute;
  right: 0;
  top: calc(100% + 4px);
  z-index: 20;
  min-width: 160px;
  margin: 0;
  padding: var(--space-1);
  list-style: none;
  border: 1px solid var(--color-border);
  border-radius: var(--radius-md);
  background: var(--color-surface);
  box-shadow: var(--shadow-lg);

  button {
    width: 100%;
    justify-content: flex-start;
  }
`;

/** Export (JSON or CSV): the server's export with the current filters, opened in a new tab. */
export function ExportMenu({ filters }: { filters: Omit<AlertExportQuery, 'format'> }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (
        event instanceof KeyboardEvent ? event.key === 'Escape' : !ref.current?.contains(event.target as Node)
      )
        setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  const exportAs = (format: 'json' | 'csv') => {
    window.open(paths.alertsExport({ ...filters, format }), '_blank', 'noopener');
    setOpen(false);
  };

  return (
    <Wrapper ref={ref}>
      <Button
        variant="outline"
        icon={<Download size={16} aria-hidden="true" />}
        aria-expanded={open}
        aria-controls="alerts-export-menu"
        onClick={() => setOpen((v) => !v)}
      >
        Export
        <ChevronDown size={14} aria-hidden="true" />
      </Button>
      {open ? (
        <Menu id="alerts-export-menu">
          <li>
            <Button variant="ghost" size="sm" onClick={() => exportAs('json')}>
              Export as JSON
            </Button>
          </li>
          <li>
            <Button variant="ghost" size="sm" onClick={() => exportAs('csv')}>
              Export as CSV
            </Button>
          </li>
        </Menu>
      ) : null}
    </Wrapper>
  );
}
