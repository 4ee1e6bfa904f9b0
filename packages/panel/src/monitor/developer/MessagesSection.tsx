import { Button, Card, TOAST_TYPES, type ToastType, toast } from '@cairn/ui';
import { extractErrorText } from '../../http/errorText.ts';
import * as styles from '../../pages/pages.css.ts';
import { ServerText } from '../../pages/ServerText.tsx';

// Samples of every message shape the panel renders, to check toasts and the sanitiser by eye.

const sampleMessages: { label: string; body: unknown }[] = [
  { label: 'Plain text', body: 'The offer could not be saved.' },
  {
    label: 'Errors with a list detail',
    body: { errors: [{ message: 'Import failed', detail: ['line 2: bad URL', 'line 5: no name'] }] },
  },
  {
    label: 'Errors with a key-value detail',
    body: {
      errors: [{ message: 'Invalid offer', detail: { name: 'required', url: 'must start with http' } }],
    },
  },
  {
    label: 'Markup and a bare URL',
    body: { message: 'See <b>docs</b><script>alert(1)</script> at https://cairn.example/docs' },
  },
  { label: 'Unknown shape', body: { code: 42 } },
];

const toastTitles: Record<ToastType, string> = {
  default: 'Notice',
  success: 'Saved',
  info: 'For your information',
  error: 'Something failed',
  warning: 'Careful',
};

export function MessagesSection() {
  return (
    <div className={styles.sectionLayout}>
      <Card title="Toasts">
        <div className={styles.row}>
          {TOAST_TYPES.map((type: ToastType) => (
            <Button
              key={type}
              variant="outline"
              onClick={() => {
                const message = `This is how a ${type} toast looks.`;
                if (type === 'default') toast(message, { title: toastTitles[type] });
                else toast[type](message, { title: toastTitles[type] });
              }}
            >
              Raise {type}
            </Button>
          ))}
        </div>
      </Card>
      <Card title="Server messages">
        <div className={styles.stack}>
          {sampleMessages.map((sample) => (
            <div key={sample.label}>
              <h4>{sample.label}</h4>
              <ServerText text={extractErrorText(sample.body)} />
            </div>
          ))}
        </div>
      </Card>
    </div>
  );
}
