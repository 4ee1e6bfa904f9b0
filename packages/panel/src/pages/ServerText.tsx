import { ServerMessage } from '@cairn/ui';

/** Server error text through the ui package's sanitiser (markup stripped, bare URLs linked). */
export function ServerText({ text }: { text: string }) {
  return <ServerMessage message={text} />;
}
