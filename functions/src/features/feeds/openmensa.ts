// GET /feeds/{hall}/openmensa.xml (ADR 77): a hall's next two weeks as OpenMensa's feed v2.1
// (namespace http://openmensa.org/open-mensa-v2), valid against its published XSD, which
// functions/test/feeds.test.ts validates it with.
import { mealSlotLabels, mealSlots, type MenuDay, type Serving } from '@hostelhub/contracts';
import { hostelName } from '../../config.js';
import { labelNotes, mealName, type HallMenu } from './menu-feed.js';

/** The schema's longest name and note. */
const maxTextLength = 250;

/** Whether a code point may appear in an XML 1.0 document at all (the spec's `Char`). */
const isXmlCharacter = (code: number) =>
  code === 0x9 ||
  code === 0xa ||
  code === 0xd ||
  (code >= 0x20 && code <= 0xd7ff) ||
  (code >= 0xe000 && code <= 0xfffd) ||
  code >= 0x10000;

/** Text as XML content or an attribute value: markup escaped, characters XML cannot hold left out. */
function xml(value: string, maxLength = Infinity): string {
  const kept = [...value].filter((character) => isXmlCharacter(character.codePointAt(0)!));
  return kept
    .slice(0, maxLength)
    .join('')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/**
 * The hostel sets one price per meal, shown to everyone on the site: OpenMensa's `student`
 * (the hostel's residents) and `other` (anyone else) both get it. It has no pupils and no
 * price of its own for employees, so those roles are left out rather than given a price the
 * hostel never set. OpenMensa reads the amount in its own currency; it is the hostel's.
 */
const priceRoles = ['student', 'other'] as const;

function mealXml(serving: Serving): string[] {
  const { meal } = serving;
  return [
    '        <meal>',
    `          <name>${xml(mealName(meal), maxTextLength)}</name>`,
    ...labelNotes(meal).map((note) => `          <note>${xml(note, maxTextLength)}</note>`),
    ...(Number.isFinite(meal.price) && meal.price > 0
      ? priceRoles.map((role) => `          <price role="${role}">${meal.price.toFixed(2)}</price>`)
      : []),
    '        </meal>',
  ];
}

/** A day the hall is closed is `<closed/>`; a day with nothing planned yet is left out (no data, not closed). */
function dayXml(day: MenuDay): string[] {
  if (day.closed) return [`    <day date="${day.date}">`, '      <closed/>', '    </day>'];
  if (day.servings.length === 0) return [];
  const categories = mealSlots.flatMap((slot) => {
    const servings = day.servings.filter((serving) => serving.slot === slot);
    if (servings.length === 0) return [];
    return [`      <category name="${xml(mealSlotLabels[slot])}">`, ...servings.flatMap(mealXml), '      </category>'];
  });
  return [`    <day date="${day.date}">`, ...categories, '    </day>'];
}

export function openMensaFeed({ hall, menu }: HallMenu): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<openmensa version="2.1" xmlns="http://openmensa.org/open-mensa-v2" ' +
      'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ' +
      'xsi:schemaLocation="http://openmensa.org/open-mensa-v2 http://openmensa.org/open-mensa-v2.xsd">',
    '  <canteen>',
    `    <name>${xml(`${hostelName()}, ${hall.name}`)}</name>`,
    // Its residents eat here, by membership and reservation: not a canteen open to everyone.
    '    <availability>restricted</availability>',
    ...menu.days.flatMap(dayXml),
    '  </canteen>',
    '</openmensa>',
    '',
  ].join('\n');
}
