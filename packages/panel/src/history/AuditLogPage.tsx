import { ENTITY_KINDS, type EntityKind } from '@cairn/contract';
import { DateRangePicker, type DateRangeValue, PageHeader, rangeToUtc, Select, Skeleton } from '@cairn/ui';
import { useMemo, useState } from 'react';
import { useCurrentUser } from '../app/hooks.ts';
import { formUiOfKind } from '../entities/formRegistry.ts';
import { NONE, refSelectOptions, useRefOptions } from '../entities/refs.ts';
import * as pageStyles from '../pages/pages.css.ts';
import { periodOf } from '../reports/period.ts';
import { useReportZone, viewerLocale } from '../reports/settingsApi.ts';
import { entityNames } from '../routes/table.ts';
import { capitalize } from '../utils/text.ts';
import { type AuditFilter, AuditTrail } from './AuditTrail.tsx';
import * as styles from './history.css.ts';

// `/audit-log` (Menu, admins): every change anyone made, newest first, narrowed by who, what kind, which
// item and when; entries read as each item's own history does (fields as the forms label them).

const ANY = 'any';

/** Kinds by the words the panel uses for them (Landers, not landing). */
function kindOptions() {
  return [
    { value: ANY, label: 'Any kind' },
    ...ENTITY_KINDS.flatMap((kind) => {
      const formUi = formUiOfKind(kind);
      return formUi ? [{ value: kind, label: capitalize(entityNames[formUi.routeKind].plural) }] : [];
    }),
  ];
}

function ItemSelect({
  kind,
  value,
  onChange,
}: {
  kind: EntityKind;
  value: string;
  onChange: (id: string) => void;
}) {
  const { options } = useRefOptions({ kind });
  const choices = refSelectOptions(options, 'Any item', Number(value)).map((option) =>
    option.value === NONE ? { ...option, value: ANY } : option,
  );
  return <Select label="Item" value={value} options={choices} onValueChange={onChange} />;
}

function AuditLog({ timeZone }: { timeZone: string }) {
  const [userId, setUserId] = useState(ANY);
  const [kind, setKind] = useState<string>(ANY);
  const [entityId, setEntityId] = useState(ANY);
  const [period, setPeriod] = useState<DateRangeValue>(() => periodOf('last7', timeZone));
  const users = useRefOptions({ kind: 'user' });
  const userChoices = refSelectOptions(users.options, 'Anyone', Number(userId)).map((option) =>
    option.value === NONE ? { ...option, value: ANY } : option,
  );
  const filter = useMemo<AuditFilter>(() => {
    const { start, end } = rangeToUtc(period, period.timeZone);
    return {
      userId: userId === ANY ? undefined : Number(userId),
      kind: kind === ANY ? undefined : kind,
      entityId: kind === ANY || entityId === ANY ? undefined : Number(entityId),
      from: start?.toISOString(),
      to: end?.toISOString(),
    };
  }, [userId, kind, entityId, period]);
  return (
    <>
      <div className={styles.filters}>
        <DateRangePicker value={period} locale={viewerLocale()} onChange={setPeriod} />
        <Select label="Who" value={userId} options={userChoices} onValueChange={setUserId} />
        <Select
          label="Kind"
          value={kind}
          options={kindOptions()}
          onValueChange={(next) => {
            setKind(next);
            setEntityId(ANY);
          }}
        />
        {kind !== ANY && <ItemSelect kind={kind as EntityKind} value={entityId} onChange={setEntityId} />}
      </div>
      <AuditTrail title="Changes" filter={filter} formUiOf={formUiOfKind} />
    </>
  );
}

export default function AuditLogPage() {
  const user = useCurrentUser();
  const zone = useReportZone();
  const admin = user !== undefined && user.role !== 'user';
  return (
    <div className={pageStyles.sectionLayout}>
      <PageHeader
        title="Audit log"
        description="Every change made in the panel, the API and the command line, and every sign-in, by whom and when."
      />
      {!admin ? (
        <p className={pageStyles.note}>The audit log is for admins.</p>
      ) : zone.ready ? (
        <AuditLog timeZone={zone.timeZone} />
      ) : (
        <Skeleton height={240} />
      )}
    </div>
  );
}
