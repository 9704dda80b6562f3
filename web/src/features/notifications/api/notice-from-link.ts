// An email about a member's own business links to the site with its bell entry named in the
// fragment (`#notice=<id>`, docs/email.md). Opening that link marks the entry read, as opening
// the bell does, so the email and the bell agree on what was seen; the parameter then leaves
// the address, so a reload or a shared link does not carry it on.
//
// The fragment, not the query: a server-rendered page (`/menu`) answers a query parameter it
// does not read with a redirect to its canonical address, which would drop it, and the
// fragment never reaches the server or the CDN's key. Emails sent before named the entry in
// the query (`?notice=<id>`); those links still work on the pages the site alone draws.
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { documentId, noticeLinkParam } from '@hostelhub/contracts';

/** `search` or `hash` without its `?` or `#`, read as parameters. */
const paramsOf = (part: string) => new URLSearchParams(part.slice(1));

/** `params` written back as a `search` or `hash` (`mark` its first character), empty when none are left. */
function withoutNotice(part: string, mark: '?' | '#'): string {
  const params = paramsOf(part);
  if (!params.has(noticeLinkParam)) return part;
  params.delete(noticeLinkParam);
  const rest = params.toString();
  return rest ? `${mark}${rest}` : '';
}

/**
 * Reports the bell entry an email's link names to `markRead` (null until the user is known;
 * keep it stable) and takes the parameter out of the address. An id that is not a document
 * id is dropped unreported; one of someone else's is refused by the rules.
 */
export function useNoticeFromLink(markRead: ((id: string) => void) | null) {
  const { pathname, search, hash, state } = useLocation();
  const navigate = useNavigate();
  const named = paramsOf(hash).get(noticeLinkParam) ?? paramsOf(search).get(noticeLinkParam);
  useEffect(() => {
    if (named === null || !markRead) return;
    const id = documentId.safeParse(named);
    if (id.success) markRead(id.data);
    void navigate(
      { pathname, search: withoutNotice(search, '?'), hash: withoutNotice(hash, '#') },
      { replace: true, preventScrollReset: true, state },
    );
  }, [named, markRead, navigate, pathname, search, hash, state]);
}
