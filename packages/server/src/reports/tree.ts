import type { DimensionValue, ReportDimension, ReportMetrics, ReportRow } from '@cairn/contract';
import type { Row } from '../store/events/port.ts';
import type { DimensionSpec } from './dimensions.ts';
import { addSums, metricsOf, type Sums, sumsOf, zeroSums } from './metrics.ts';
import type { EntityNames } from './names.ts';

// The last step of a report: the rows a plan read become the nested tree the panel shows. A row whose key
// is NULL at its level is that level's "Others" (only where the caller chose a limit): the values past
// the level's top N, with their count (`others`) and sums. Each row's `siblings` is how many rows its
// level holds under its parent: the parent's childTotal, or the first level's total. The lvl 0 row is
// the totals. Names come from the config store once for every value the tree holds.

interface Node {
  row: ReportRow;
  rn: number;
  sums: Sums;
  path: DimensionValue[];
}

export interface TreeLevel {
  dimension: ReportDimension;
  spec: DimensionSpec;
}

export async function buildReportTree(
  stored: readonly Row[],
  levels: readonly TreeLevel[],
  names: EntityNames,
): Promise<{ rows: ReportRow[]; totals: ReportMetrics; total: number }> {
  const byParent = new Map<string, Node[]>();
  const childTotals = new Map<string, number>();
  const wanted = new Map<ReportDimension, Set<DimensionValue>>();
  let totals = zeroSums();
  let total = 0;
  for (const raw of stored) {
    const depth = Number(raw.lvl);
    if (depth === 0) {
      totals = addSums(zeroSums(), sumsOf(raw));
      total = Number(raw.folded);
      continue;
    }
    const path: DimensionValue[] = [];
    for (let index = 0; index < depth - 1; index += 1) {
      path.push((levels[index] as (typeof levels)[number]).spec.value(raw[`o${index + 1}`]));
    }
    const level = levels[depth - 1] as (typeof levels)[number];
    const key = raw[`o${depth}`];
    const value = key == null ? null : level.spec.value(key);
    const sums = sumsOf(raw);
    const row: ReportRow = { dimension: level.dimension, value, name: 'Others', metrics: metricsOf(sums) };
    if (value === null) row.others = Number(raw.folded);
    else {
      const values = wanted.get(level.dimension) ?? new Set<DimensionValue>();
      values.add(value);
      wanted.set(level.dimension, values);
    }
    const parentKey = JSON.stringify(path);
    childTotals.set(parentKey, Number(raw.siblings));
    const siblings = byParent.get(parentKey) ?? [];
    siblings.push({ row, rn: Number(raw.rn), sums, path: [...path, value ?? ''] });
    byParent.set(parentKey, siblings);
  }

  const nameOf = await names.resolve(wanted);
  const build = (parentKey: string, depth: number): ReportRow[] =>
    (byParent.get(parentKey) ?? [])
      .sort((a, b) => a.rn - b.rn)
      .map((node) => {
        if (node.row.value !== null) {
          node.row.name = nameOf(node.row.dimension, node.row.value);
          if (depth < levels.length) {
            const key = JSON.stringify(node.path);
            node.row.childTotal = childTotals.get(key) ?? 0;
            node.row.children = build(key, depth + 1);
          }
        }
        return node.row;
      });
  return { rows: build('[]', 1), totals: metricsOf(totals), total };
}
