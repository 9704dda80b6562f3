// `npm run demo:pictures`: draws a picture of each demo meal's own dish into
// web/public/images/meals/<slug>.svg (checked in), composed from Twemoji graphics
// (@twemoji/svg, CC-BY 4.0, credited in the README): the dish large on a plate, two or three of
// its ingredients beside it, on the colour of its category. Run again after adding a demo meal.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { demoMeals, demoUpcomingMeals, mealPicturePath } from './lib/demo-data.mjs';
import { root } from './lib/emulators.mjs';

// The dish first, then ingredients: Twemoji code points (file names of @twemoji/svg).
const emojiByTitle = {
  'Fluffy Pancake Stack': ['1f95e', '1f9c8', '1f36f'],
  'Avocado Toast Deluxe': ['1f951', '1f35e', '1f345'],
  'Full English Breakfast': ['1f373', '1f953', '1f344'],
  'Berry Yogurt Parfait': ['1f963', '1fad0', '1f353'],
  'Shakshuka Skillet': ['1f958', '1f345', '1fad1'],
  'Breakfast Burrito': ['1f32f', '1fad8', '1f9c0'],
  'Eggs Benedict Brunch': ['1f95a', '1f356', '1f9c8'],
  'Chef Breakfast Platter': ['1f950', '1f41f', '1f9c3', '1f347'],
  'Grilled Chicken Salad': ['1f957', '1f357', '1f34b', '1f952'],
  'Veggie Buddha Bowl': ['1f360', '1f96c', '1f9c6'],
  'Classic Beef Burger': ['1f354', '1f952', '1f9c0'],
  'Margherita Pizza': ['1f355', '1f345', '1f33f'],
  'Chicken Tikka Wrap': ['1f959', '1f357', '1f9c5'],
  'Pho Noodle Soup': ['1f35c', '1f969', '1f33f'],
  'Salmon Poke Bowl': ['1f35a', '1f41f', '1f951'],
  'Lunch Tasting Menu': ['1f37d', '1f372', '1f370'],
  'Spaghetti Bolognese': ['1f35d', '1f345', '1f9c0'],
  'Vegetable Stir Fry': ['1f966', '1f955', '1fad1'],
  'Chicken Curry Night': ['1f35b', '1f965', '1f336'],
  'Lamb Tagine': ['1f356', '1f351', '1f9c6'],
  'Mushroom Risotto': ['1f344', '1f9c0', '1f942'],
  'Fish and Chips': ['1f35f', '1f41f', '1f34b'],
  'Ribeye Steak Dinner': ['1f969', '1f954', '1f336'],
  'Seafood Paella': ['1f990', '1f991', '1f35a'],
  'Sushi Friday Platter': ['1f363', '1f359', '1f962'],
  'Belgian Waffle Bar': ['1f9c7', '1f36b', '1f353'],
  'Korean BBQ Bowl': ['1f371', '1f969', '1f336'],
  'Thanksgiving Roast': ['1f983', '1f954', '1f967'],
};

const backgrounds = { Breakfast: '#fff7ed', Lunch: '#f0fdf4', Dinner: '#eef2ff' };
const rims = { Breakfast: '#fde68a', Lunch: '#bbf7d0', Dinner: '#c7d2fe' };

const twemojiDir = dirname(createRequire(import.meta.url).resolve('@twemoji/svg/package.json'));

/** A Twemoji's drawing (its 36 x 36 viewBox content), placed at (x, y) at `size` pixels. */
function emoji(codePoint, x, y, size) {
  const svg = readFileSync(join(twemojiDir, `${codePoint}.svg`), 'utf8');
  const inner = /<svg[^>]*>([\s\S]*)<\/svg>/.exec(svg)?.[1];
  if (!inner) throw new Error(`No drawing in ${codePoint}.svg`);
  return `<g transform="translate(${x} ${y}) scale(${size / 36})">${inner}</g>`;
}

// Where the ingredients sit around the plate.
const sideSpots = [
  [292, 196],
  [300, 40],
  [40, 200],
];

function picture({ title, category }) {
  const [dish, ...sides] = emojiByTitle[title] ?? [];
  if (!dish) throw new Error(`No emoji chosen for the demo meal "${title}": add it to emojiByTitle`);
  const escapedTitle = title.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300" role="img"><title>${escapedTitle}</title>`,
    `<rect width="400" height="300" fill="${backgrounds[category]}"/>`,
    `<circle cx="200" cy="150" r="118" fill="#fff" stroke="${rims[category]}" stroke-width="10"/>`,
    emoji(dish, 120, 70, 160),
    ...sides.map((side, index) => emoji(side, sideSpots[index][0], sideSpots[index][1], 68)),
    '</svg>\n',
  ].join('');
}

for (const meal of [...demoMeals, ...demoUpcomingMeals]) {
  writeFileSync(join(root, 'web', 'public', meal.image), picture(meal));
  if (meal.image !== mealPicturePath(meal.title)) throw new Error(`${meal.title}: unexpected image ${meal.image}`);
}
console.log(`Drew ${demoMeals.length + demoUpcomingMeals.length} meal pictures into web/public/images/meals/.`);
