import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { LogoMark } from '@/components/logo-mark';

/** The hostel's own pages (their text: features/info-pages/content.ts). */
const footerLinks = [
  { to: paths.about, label: 'About Us' },
  { to: paths.contact, label: 'Contact' },
  { to: paths.faq, label: 'FAQ' },
  { to: paths.terms, label: 'Terms of Service' },
  { to: paths.privacy, label: 'Privacy Policy' },
];

export function SiteFooter() {
  return (
    <footer className="mt-16 border-t border-stone-200 bg-stone-900 text-stone-300">
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-10 sm:px-6 md:flex-row md:items-center md:justify-between">
        <div className="flex items-center gap-2">
          <LogoMark className="size-7" />
          <span className="text-lg font-bold text-white">HostelHub</span>
        </div>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
            {footerLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="rounded hover:text-white">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      {/* The year of the visit; a page prerendered in an earlier year shows the new one once
          live, which is the one mismatch this text is allowed. */}
      <p className="border-t border-stone-800 py-4 text-center text-sm text-stone-400" suppressHydrationWarning>
        © {new Date().getFullYear()} HostelHub. All rights reserved.
      </p>
    </footer>
  );
}
