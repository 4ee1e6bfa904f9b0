import { Button, EmptyState, PageHeader } from '@cairn/ui';
import { Link } from 'wouter';

export default function NotFoundPage() {
  return (
    <>
      <PageHeader title="Not found" />
      <EmptyState
        title="There is no page at this address"
        description="The link may be old or mistyped."
        action={
          <Button asChild>
            <Link href="/campaigns">Go to campaigns</Link>
          </Button>
        }
      />
    </>
  );
}
