// An email about a member's own business links to the site with its bell entry named
// (`?notice=<id>`, docs/email.md). Opening that link marks the entry read, as opening the bell
// does, so the email and the bell agree on what was seen; the parameter then leaves the
// address, so a reload or a shared link does not carry it on.
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { documentId, noticeLinkParam } from '@hostelhub/contracts';

/**
 * Reports the bell entry an email's link names to `markRead` (null until the user is known;
 * keep it stable) and takes the parameter out of the address. An id that is not a document
 * id is dropped unreported; one of someone else's is refused by the rules.
 */
export function useNoticeFromLink(markRead: ((id: string) => void) | null) {
  const [params, setParams] = useSearchParams();
  const named = params.get(noticeLinkParam);
  useEffect(() => {
    if (named === null || !markRead) return;
    const id = documentId.safeParse(named);
    if (id.success) markRead(id.data);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(noticeLinkParam);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [named, markRead, setParams]);
}
