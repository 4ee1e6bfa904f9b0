import { vars } from '@cairn/tokens';
import type { ReactNode } from 'react';

// Stories render variant x state grids through this helper so one screenshot covers the whole
// axis list (the `as const` arrays each component exports).
export function Matrix<R extends string, C extends string>({
  rows,
  columns,
  render,
}: {
  rows: readonly R[];
  columns: readonly C[];
  render: (row: R, column: C) => ReactNode;
}) {
  return (
    <table
      style={{
        borderCollapse: 'separate',
        borderSpacing: 12,
        fontFamily: vars.font.body,
        color: vars.color.text,
      }}
    >
      <thead>
        <tr>
          <td />
          {columns.map((column) => (
            <th
              key={column}
              scope="col"
              style={{
                fontSize: vars.fontSize.xs,
                color: vars.color.textMuted,
                fontWeight: 500,
                textAlign: 'left',
              }}
            >
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row}>
            <th
              scope="row"
              style={{
                fontSize: vars.fontSize.xs,
                color: vars.color.textMuted,
                fontWeight: 500,
                textAlign: 'left',
              }}
            >
              {row}
            </th>
            {columns.map((column) => (
              <td key={column}>{render(row, column)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function Stack({ children, gap = 16 }: { children: ReactNode; gap?: number }) {
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap, alignItems: 'flex-start' }}>{children}</div>
  );
}
