/** Columns listed under one heading of the column settings, in the table's order. */
export interface ColumnGroup<C> {
  name: string | undefined;
  columns: C[];
}

/**
 * The columns by their groups: each group where its first column stands, its columns in the table's
 * order, each column once (a second column of the same id, which the table would not draw, is left out).
 */
export function groupColumns<C extends { id: string }>(
  columns: readonly C[],
  groupOf: (id: string) => string | undefined,
): ColumnGroup<C>[] {
  const groups: ColumnGroup<C>[] = [];
  const seen = new Set<string>();
  for (const column of columns) {
    if (seen.has(column.id)) continue;
    seen.add(column.id);
    const name = groupOf(column.id);
    let group = groups.find((candidate) => candidate.name === name);
    if (!group) {
      group = { name, columns: [] };
      groups.push(group);
    }
    group.columns.push(column);
  }
  return groups;
}
