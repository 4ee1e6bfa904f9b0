import { Dialog } from '@cairn/ui';
import type { OpenedDialogProps } from '../../entities/lists/DialogButton.tsx';
import { ClickerSection } from './ClickerSection.tsx';

// A campaign's Test link: the clicker for that campaign, where the campaign is edited. It routes a click
// as a visitor's would be and shows why it went where it did, recording nothing.

export function TestLinkDialog({
  open,
  onOpenChange,
  opener,
  campaignKey,
}: OpenedDialogProps & { campaignKey: string }) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content
        title="Test link"
        description="A visitor as you describe them, through this campaign's saved flow: where they would go, and why."
        size="lg"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          opener.current?.focus();
        }}
      >
        <ClickerSection campaignKey={campaignKey} />
      </Dialog.Content>
    </Dialog.Root>
  );
}
