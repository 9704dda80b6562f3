// The demo data `npm start` seeds into an empty emulator database.

export const demoPassword = 'password123';

export const demoAccounts = [
  {
    uid: 'demo-admin',
    email: 'admin@hostelhub.test',
    name: 'Ada Admin',
    role: 'admin',
    badge: 'Bronze',
    membership: null,
    description: 'admin',
  },
  {
    uid: 'demo-student',
    email: 'student@hostelhub.test',
    name: 'Sam Student',
    role: 'student',
    badge: 'Bronze',
    membership: null,
    description: 'student, Bronze, no membership',
  },
  {
    uid: 'demo-member',
    email: 'member@hostelhub.test',
    name: 'Mia Member',
    role: 'student',
    badge: 'Gold',
    membership: 'gold',
    description: 'student, Gold membership, avoids peanuts, eats at the Main hall',
    diet: { avoid: ['peanuts'], diets: [] },
    halls: { homeHallId: 'main' },
  },
  {
    // Kitchen staff: the counter, the kitchen view and Serve Meals, nothing else of the dashboard.
    uid: 'demo-staff',
    email: 'staff@hostelhub.test',
    name: 'Kim Kitchen',
    role: 'staff',
    badge: 'Bronze',
    membership: null,
    description: 'kitchen staff of the Main hall (the counter, kitchen view, Serve Meals)',
    halls: { hallIds: ['main'] },
  },
  {
    uid: 'demo-staff-north',
    email: 'north@hostelhub.test',
    name: 'Noor North',
    role: 'staff',
    badge: 'Bronze',
    membership: null,
    description: 'kitchen staff of the North hall',
    halls: { hallIds: ['north'] },
  },
];

export const demoPackages = [
  {
    id: 'silver',
    name: 'Silver',
    price: 19.99,
    services: ['Request up to 3 meals a week', 'Like upcoming meals', 'Member newsletter'],
    // What the API enforces; the services lines about requests and serving say the same.
    weeklyRequestLimit: 3,
    priorityServing: false,
  },
  {
    id: 'gold',
    name: 'Gold',
    price: 29.99,
    services: ['Request up to 7 meals a week', 'Like upcoming meals', 'Priority serving', 'Monthly community dinner'],
    weeklyRequestLimit: 7,
    priorityServing: true,
  },
  {
    id: 'platinum',
    name: 'Platinum',
    price: 49.99,
    services: [
      'Unlimited meal requests',
      'Like upcoming meals',
      'Priority serving',
      'Cooking workshops included',
      'Guest meal each month',
    ],
    weeklyRequestLimit: null,
    priorityServing: true,
  },
];

const distributors = [
  { name: 'Green Bowl Kitchen', email: 'orders@greenbowl.test' },
  { name: 'Sunrise Bakery', email: 'hello@sunrisebakery.test' },
  { name: 'Spice Route Catering', email: 'kitchen@spiceroute.test' },
];

// [title, category, price, ingredients, description]
const meals = [
  [
    'Fluffy Pancake Stack',
    'Breakfast',
    12.5,
    'Flour, Eggs, Milk, Maple syrup, Butter',
    'Three golden pancakes with maple syrup and a knob of butter.',
  ],
  [
    'Avocado Toast Deluxe',
    'Breakfast',
    14,
    'Sourdough, Avocado, Cherry tomatoes, Sesame seeds, Chili flakes',
    'Toasted sourdough piled with smashed avocado, tomatoes and toasted sesame.',
  ],
  [
    'Full English Breakfast',
    'Breakfast',
    24,
    'Eggs, Bacon, Sausages, Beans, Mushrooms, Toast',
    'The classic hearty plate to start a long day of exploring.',
  ],
  [
    'Berry Yogurt Parfait',
    'Breakfast',
    10.5,
    'Greek yogurt, Granola, Blueberries, Strawberries, Honey',
    'Layers of creamy yogurt, crunchy granola and fresh berries.',
  ],
  [
    'Shakshuka Skillet',
    'Breakfast',
    32,
    'Eggs, Tomatoes, Peppers, Onion, Cumin, Bread',
    'Eggs poached in a spiced tomato and pepper sauce, served with bread.',
  ],
  [
    'Breakfast Burrito',
    'Breakfast',
    36.5,
    'Tortilla, Scrambled eggs, Black beans, Cheddar, Salsa',
    'A warm tortilla wrapped around eggs, beans, cheese and salsa.',
  ],
  [
    'Eggs Benedict Brunch',
    'Breakfast',
    45,
    'English muffin, Poached eggs, Ham, Hollandaise',
    'Poached eggs and ham on muffins under silky hollandaise.',
  ],
  [
    'Chef Breakfast Platter',
    'Breakfast',
    65,
    'Smoked salmon, Eggs, Pastries, Fruit, Juice',
    'A sharing platter of smoked salmon, eggs, pastries and fruit.',
  ],
  [
    'Grilled Chicken Salad',
    'Lunch',
    18,
    'Chicken breast, Romaine, Cucumber, Tomatoes, Lemon dressing',
    'Juicy grilled chicken over crisp greens with a lemon dressing.',
  ],
  [
    'Veggie Buddha Bowl',
    'Lunch',
    16.5,
    'Quinoa, Chickpeas, Sweet potato, Spinach, Tahini',
    'A colourful bowl of grains, roasted vegetables and tahini.',
  ],
  [
    'Classic Beef Burger',
    'Lunch',
    22,
    'Beef patty, Brioche bun, Cheddar, Lettuce, Pickles',
    'A juicy beef burger with cheddar, pickles and house sauce.',
  ],
  [
    'Margherita Pizza',
    'Lunch',
    28,
    'Pizza dough, Tomato sauce, Mozzarella, Basil',
    'Stone-baked pizza with tomato, mozzarella and fresh basil.',
  ],
  [
    'Chicken Tikka Wrap',
    'Lunch',
    34,
    'Flatbread, Chicken tikka, Onion, Mint yogurt',
    'Spiced chicken tikka rolled in flatbread with mint yogurt.',
  ],
  [
    'Pho Noodle Soup',
    'Lunch',
    38,
    'Rice noodles, Beef broth, Beef slices, Herbs, Lime',
    'Fragrant Vietnamese broth with rice noodles and fresh herbs.',
  ],
  [
    'Salmon Poke Bowl',
    'Lunch',
    52,
    'Sushi rice, Salmon, Edamame, Avocado, Soy dressing',
    'Fresh salmon, rice and crunchy vegetables with soy dressing.',
  ],
  [
    'Lunch Tasting Menu',
    'Lunch',
    72,
    'Soup, Salad, Main course, Dessert',
    'Four small courses chosen by the kitchen each week.',
  ],
  [
    'Spaghetti Bolognese',
    'Dinner',
    20,
    'Spaghetti, Beef mince, Tomatoes, Onion, Parmesan',
    'Slow-cooked beef ragu over spaghetti with parmesan.',
  ],
  [
    'Vegetable Stir Fry',
    'Dinner',
    15,
    'Noodles, Broccoli, Peppers, Carrots, Soy sauce, Peanuts',
    'Crunchy vegetables and roasted peanuts tossed with noodles in a soy glaze.',
  ],
  [
    'Chicken Curry Night',
    'Dinner',
    26,
    'Chicken, Coconut milk, Curry paste, Rice, Coriander',
    'A mild, creamy chicken curry served with fluffy rice.',
  ],
  [
    'Lamb Tagine',
    'Dinner',
    42,
    'Lamb, Apricots, Chickpeas, Couscous, Spices',
    'Tender lamb slow-cooked with apricots and warm spices.',
  ],
  [
    'Mushroom Risotto',
    'Dinner',
    33,
    'Arborio rice, Mushrooms, Parmesan, White wine, Thyme',
    'Creamy risotto with wild mushrooms and parmesan.',
  ],
  [
    'Fish and Chips',
    'Dinner',
    48,
    'Cod, Batter, Potatoes, Peas, Tartar sauce',
    'Crispy battered cod with thick-cut chips and mushy peas.',
  ],
  [
    'Ribeye Steak Dinner',
    'Dinner',
    85,
    'Ribeye steak, Potatoes, Green beans, Pepper sauce',
    'A grilled ribeye with roast potatoes and pepper sauce.',
  ],
  [
    'Seafood Paella',
    'Dinner',
    68,
    'Rice, Prawns, Mussels, Squid, Saffron',
    'Saffron rice loaded with prawns, mussels and squid.',
  ],
];

const upcoming = [
  [
    'Sushi Friday Platter',
    'Dinner',
    58,
    'Sushi rice, Salmon, Tuna, Nori, Wasabi',
    'A sushi platter for the first Friday of the month.',
  ],
  [
    'Belgian Waffle Bar',
    'Breakfast',
    18,
    'Waffles, Whipped cream, Berries, Chocolate',
    'Build your own waffle with all the toppings.',
  ],
  [
    'Korean BBQ Bowl',
    'Lunch',
    31,
    'Beef bulgogi, Rice, Kimchi, Sesame',
    'Sweet and savoury bulgogi beef over rice with kimchi.',
  ],
  [
    'Thanksgiving Roast',
    'Dinner',
    75,
    'Turkey, Stuffing, Cranberry sauce, Mashed potatoes',
    'A festive roast dinner with all the trimmings.',
  ],
];

/** Each demo meal's own picture, drawn by `npm run demo:pictures` (scripts/generate-meal-pictures.mjs). */
export const mealPicturePath = (title) =>
  `/images/meals/${title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}.svg`;

/**
 * Each demo meal's labels, declared from its ingredients as a kitchen would (ADR 0032):
 * [allergens (null: not declared), diet tags]. The tasting menu changes every week, so it is
 * the one meal left undeclared, as a real kitchen's would be until the week's dishes are known.
 */
export const demoMealLabels = {
  'Fluffy Pancake Stack': [['gluten', 'eggs', 'milk'], ['vegetarian']],
  'Avocado Toast Deluxe': [
    ['gluten', 'sesame'],
    ['vegan', 'vegetarian', 'halal'],
  ],
  'Full English Breakfast': [['eggs', 'gluten'], []],
  'Berry Yogurt Parfait': [['milk', 'gluten'], ['vegetarian']],
  'Shakshuka Skillet': [
    ['eggs', 'gluten'],
    ['vegetarian', 'halal'],
  ],
  'Breakfast Burrito': [['gluten', 'eggs', 'milk'], ['vegetarian']],
  'Eggs Benedict Brunch': [['gluten', 'eggs', 'milk'], []],
  'Chef Breakfast Platter': [['fish', 'eggs', 'gluten', 'milk'], []],
  'Grilled Chicken Salad': [[], ['halal']],
  'Veggie Buddha Bowl': [['sesame'], ['vegan', 'vegetarian', 'halal']],
  'Classic Beef Burger': [['gluten', 'milk', 'eggs', 'mustard'], []],
  'Margherita Pizza': [['gluten', 'milk'], ['vegetarian']],
  'Chicken Tikka Wrap': [['gluten', 'milk'], ['halal']],
  'Pho Noodle Soup': [[], []],
  'Salmon Poke Bowl': [['fish', 'soya', 'gluten'], []],
  'Lunch Tasting Menu': [null, []],
  'Spaghetti Bolognese': [['gluten', 'milk'], []],
  'Vegetable Stir Fry': [
    ['gluten', 'soya', 'peanuts'],
    ['vegan', 'vegetarian', 'halal'],
  ],
  'Chicken Curry Night': [[], ['halal']],
  'Lamb Tagine': [['gluten'], ['halal']],
  'Mushroom Risotto': [['milk', 'sulphites'], ['vegetarian']],
  'Fish and Chips': [['fish', 'gluten', 'eggs'], []],
  'Ribeye Steak Dinner': [['milk'], []],
  'Seafood Paella': [['crustaceans', 'molluscs'], []],
  'Sushi Friday Platter': [['fish', 'soya', 'gluten'], []],
  'Belgian Waffle Bar': [['gluten', 'eggs', 'milk'], ['vegetarian']],
  'Korean BBQ Bowl': [['soya', 'sesame', 'gluten'], []],
  'Thanksgiving Roast': [['gluten', 'milk', 'celery'], []],
};

function mealFrom([title, category, price, ingredients, description], index, idPrefix) {
  const distributor = distributors[index % distributors.length];
  const [allergens, dietTags] = demoMealLabels[title];
  return {
    allergens,
    dietTags,
    id: `${idPrefix}-${String(index + 1).padStart(2, '0')}`,
    title,
    category,
    price,
    ingredients,
    description,
    image: mealPicturePath(title),
    distributorName: distributor.name,
    distributorEmail: distributor.email,
  };
}

export const demoMeals = meals.map((meal, index) => mealFrom(meal, index, 'meal'));
export const demoUpcomingMeals = upcoming.map((meal, index) => mealFrom(meal, index, 'upcoming'));

// [mealIndex, account uid, rating, comment]
export const demoReviews = [
  [0, 'demo-member', 5, 'Best pancakes in town, and the syrup is real maple!'],
  [8, 'demo-member', 4, 'Fresh and filling. Would love a bit more dressing.'],
  [8, 'demo-student', 5, 'My go-to lunch after classes.'],
  [16, 'demo-student', 3, 'Good portion, a little salty for me.'],
];

// [mealIndex, account uid]
export const demoLikes = [
  [0, 'demo-member'],
  [0, 'demo-student'],
  [8, 'demo-member'],
  [11, 'demo-member'],
  [16, 'demo-student'],
  [22, 'demo-admin'],
];

// [mealIndex, account uid, status, requested hours ago]. Each request is its own record, so
// a meal served or cancelled earlier can be pending again (docs/data-model.md).
export const demoRequests = [
  [0, 'demo-member', 'served', 30],
  [8, 'demo-member', 'cancelled', 28],
  [0, 'demo-member', 'pending', 6],
  [8, 'demo-member', 'pending', 5],
  [18, 'demo-member', 'pending', 4],
];

// [upcomingIndex, account uid]
export const demoUpcomingLikes = [[0, 'demo-member']];
