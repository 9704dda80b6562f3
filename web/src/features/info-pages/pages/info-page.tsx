import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { paths } from '@/lib/paths';
import {
  aboutContent,
  contactContent,
  faqContent,
  hostelContact,
  privacyContent,
  termsContent,
  type InfoPageContent,
} from '../content';

/** One of the footer's pages: its heading, summary and sections, all from content.ts. */
function InfoPage({ content, children }: { content: InfoPageContent; children?: ReactNode }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <PageTitle>{content.title}</PageTitle>
      <p className="text-lg text-stone-700">{content.summary}</p>
      {content.lastUpdated && <p className="mt-2 text-sm text-stone-600">Last updated: {content.lastUpdated}</p>}
      {children}
      {content.sections.map((section) => (
        <section key={section.heading} className="mt-8">
          <h2 className="mb-2 text-xl font-semibold text-stone-900">{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-2 leading-relaxed text-stone-700">
              {paragraph}
            </p>
          ))}
        </section>
      ))}
    </article>
  );
}

/** The kitchen office's details: the Contact page shows them, the policies end with them. */
function ContactDetails({ heading }: { heading: string }) {
  return (
    <section aria-labelledby="contact-details" className="card mt-8 p-6">
      <h2 id="contact-details" className="mb-3 text-xl font-semibold text-stone-900">
        {heading}
      </h2>
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-stone-600">Email</dt>
        <dd>
          <a href={`mailto:${hostelContact.email}`} className="font-semibold text-orange-700 underline">
            {hostelContact.email}
          </a>
        </dd>
        <dt className="font-medium text-stone-600">Phone</dt>
        <dd>{hostelContact.phone}</dd>
        <dt className="font-medium text-stone-600">In person</dt>
        <dd>{hostelContact.address}</dd>
        <dt className="font-medium text-stone-600">Hours</dt>
        <dd>{hostelContact.hours}</dd>
      </dl>
    </section>
  );
}

export function AboutPage() {
  return (
    <InfoPage content={aboutContent}>
      <p className="mt-4">
        <Link to={paths.meals} className="btn-primary">
          Browse the meals
        </Link>
      </p>
    </InfoPage>
  );
}

export function ContactPage() {
  return (
    <InfoPage content={contactContent}>
      <ContactDetails heading="The kitchen office" />
    </InfoPage>
  );
}

export function FaqPage() {
  return (
    <InfoPage content={faqContent}>
      <p className="mt-4 text-stone-700">
        Something else?{' '}
        <Link to={paths.contact} className="font-semibold text-orange-700 underline">
          Contact the kitchen office
        </Link>
        .
      </p>
    </InfoPage>
  );
}

export function TermsPage() {
  return (
    <>
      <InfoPage content={termsContent} />
      <PolicyFooter other={{ to: paths.privacy, label: 'Privacy Policy' }} />
    </>
  );
}

export function PrivacyPage() {
  return (
    <>
      <InfoPage content={privacyContent} />
      <PolicyFooter other={{ to: paths.terms, label: 'Terms of Service' }} />
    </>
  );
}

function PolicyFooter({ other }: { other: { to: string; label: string } }) {
  return (
    <div className="mx-auto max-w-3xl px-4 sm:px-6">
      <ContactDetails heading="Questions about this policy" />
      <p className="mt-4 text-stone-700">
        See also our{' '}
        <Link to={other.to} className="font-semibold text-orange-700 underline">
          {other.label}
        </Link>
        .
      </p>
    </div>
  );
}
