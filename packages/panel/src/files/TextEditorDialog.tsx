import { LANDER_FILES_PREFIX } from '@cairn/contract';
import { Button, Dialog, Skeleton, TextArea } from '@cairn/ui';
import { useEffect, useState } from 'react';
import { useFileActions } from './api.ts';
import * as styles from './files.css.ts';

// The simple editor for a hosted text file (HTML, CSS, JS...). HTML gets a preview beside it: a sandboxed
// frame that runs no scripts, with the folder as its base so the page's own CSS and images show.

export interface EditTarget {
  folder: string;
  path: string;
}

export function previewDocument(folder: string, text: string): string {
  const base = `<base href="${LANDER_FILES_PREFIX}${encodeURIComponent(folder)}/">`;
  return `${base}${text}`;
}

export function TextEditorDialog({ target, onClose }: { target: EditTarget | null; onClose: () => void }) {
  const actions = useFileActions();
  const [text, setText] = useState<string | null>(null);
  const [saved, setSaved] = useState('');
  const [problem, setProblem] = useState<string>();
  const [pending, setPending] = useState(false);
  const folder = target?.folder ?? '';
  const path = target?.path ?? '';

  // biome-ignore lint/correctness/useExhaustiveDependencies: the file is read once per opened target
  useEffect(() => {
    setText(null);
    setProblem(undefined);
    if (!target) return;
    let current = true;
    void actions.readText(target.folder, target.path).then((result) => {
      if (!current) return;
      if (result.status === 'ok') {
        setText(result.data.text);
        setSaved(result.data.text);
      } else setProblem(result.message);
    });
    return () => {
      current = false;
    };
  }, [target?.folder, target?.path]);

  const save = async () => {
    if (text === null) return;
    setPending(true);
    const result = await actions.saveText(folder, path, text);
    setPending(false);
    if (result.status === 'ok') {
      setSaved(text);
      setProblem(undefined);
    } else setProblem(result.message);
  };
  const isHtml = /\.html?$/i.test(path);

  return (
    <Dialog.Root open={target !== null} onOpenChange={(open) => !open && !pending && onClose()}>
      <Dialog.Content title={`Edit ${path}`} description={`In folder ${folder}`} size="lg">
        <div className={styles.stack}>
          {text === null && !problem && <Skeleton height={240} />}
          {text !== null && (
            <div className={isHtml ? styles.editor : undefined}>
              <TextArea
                label="Content"
                value={text}
                onChange={(event) => setText(event.target.value)}
                rows={18}
                monospace
                spellCheck={false}
              />
              {isHtml && (
                <iframe
                  title="Preview"
                  className={styles.preview}
                  sandbox=""
                  srcDoc={previewDocument(folder, text)}
                />
              )}
            </div>
          )}
          {problem && (
            <p role="alert" className={styles.problem}>
              {problem}
            </p>
          )}
          <Dialog.Footer>
            <Dialog.Close asChild>
              <Button variant="outline" tone="neutral" disabled={pending}>
                Close
              </Button>
            </Dialog.Close>
            <Button
              type="button"
              loading={pending}
              disabled={text === null || text === saved}
              onClick={() => void save()}
            >
              Save
            </Button>
          </Dialog.Footer>
        </div>
      </Dialog.Content>
    </Dialog.Root>
  );
}
