/** Operators who created the seeded records. */
export const OPERATORS = [
  'priya.sharma@example.com',
  'daniel.okafor@example.com',
  'mei.chen@example.com',
  'lucas.martin@example.com',
  'sofia.rossi@example.com',
  'aisha.khan@example.com',
];

/** Existing clients (brand owners) with their brands. */
export const CLIENTS: readonly { name: string; brands: readonly string[] }[] = [
  { name: 'Blue Harbor Foods', brands: ['Blue Harbor', 'Tidewater Snacks', 'Harbor Kitchen'] },
  { name: 'Summit Pet Nutrition', brands: ['Summit Paws', 'Trail Kibble'] },
  { name: 'Northwind Beverages', brands: ['Northwind', 'Gale Sparkling', 'Polar Fizz'] },
  { name: 'Crescent Home Goods', brands: ['Crescent', 'Moonlit Linens'] },
  { name: 'Evergreen Naturals', brands: ['Evergreen', 'Pure Pine', 'Fernleaf'] },
  { name: 'Golden Prairie Mills', brands: ['Golden Prairie', 'Harvest Oats'] },
  { name: 'Redwood Outdoor Co', brands: ['Redwood', 'Canopy Trek'] },
  { name: 'Silverline Electronics', brands: ['Silverline', 'Volt Pro', 'EchoBeam'] },
  { name: 'Maple Grove Dairy', brands: ['Maple Grove', 'Creamery Lane'] },
  { name: 'Brightsmile Oral Care', brands: ['Brightsmile', 'Pearl Floss'] },
  { name: 'Pinecrest Baby', brands: ['Pinecrest', 'Little Nest'] },
  { name: 'Lumen Beauty Labs', brands: ['Lumen', 'Glow Theory', 'Dewdrop'] },
  { name: 'Harborview Coffee', brands: ['Harborview', 'Morning Tide'] },
  { name: 'Trailhead Snacks', brands: ['Trailhead', 'Summit Mix'] },
  { name: 'Clearwater Household', brands: ['Clearwater', 'FreshFold', 'SparkleWorks'] },
  { name: 'Ironclad Tools', brands: ['Ironclad', 'Torque Master'] },
  { name: 'Sunny Acres Farms', brands: ['Sunny Acres', 'Farmstand'] },
  { name: 'Velvet Petal Cosmetics', brands: ['Velvet Petal', 'Rosebud'] },
  { name: 'Atlas Fitness Gear', brands: ['Atlas', 'Forge Fit'] },
  { name: 'Cobalt Audio', brands: ['Cobalt', 'Bassline'] },
  { name: 'Willow Creek Candles', brands: ['Willow Creek', 'Ember Glow'] },
  { name: 'Orchard Valley Juice', brands: ['Orchard Valley', 'Press Co'] },
  { name: 'Polar Peak Frozen', brands: ['Polar Peak', 'Frostbite Treats'] },
  { name: 'Copperleaf Kitchen', brands: ['Copperleaf', 'Hearth and Pan'] },
  { name: 'Bramble Pet Treats', brands: ['Bramble', 'Good Boy Bites'] },
  { name: 'Kindred Vitamins', brands: ['Kindred', 'Daily Roots'] },
  { name: 'Meadowlark Tea', brands: ['Meadowlark', 'Quiet Hour'] },
  { name: 'Stonebridge Auto Care', brands: ['Stonebridge', 'Gleam Pro'] },
  { name: 'Paper Lantern Office', brands: ['Paper Lantern', 'Inkwell'] },
  { name: 'Greenthumb Garden', brands: ['Greenthumb', 'Root and Bloom'] },
  { name: 'Little Sprout Toys', brands: ['Little Sprout', 'Tinker Town'] },
  { name: 'Alpine Spring Water', brands: ['Alpine Spring', 'Glacier Drop'] },
  { name: 'Riverbend Cereal', brands: ['Riverbend', 'Crunch Creek'] },
  { name: 'Cedar and Sage Home', brands: ['Cedar and Sage', 'Hearthstone'] },
  { name: 'Bold Bean Roasters', brands: ['Bold Bean', 'Dark Harbor Roast'] },
  { name: 'Sparkwell Smart Home', brands: ['Sparkwell', 'HomeSense'] },
];

/** Prospects: companies evaluating the dashboards (registered through addClient). */
export const PROSPECTS: readonly { name: string; brands: readonly string[] }[] = [
  { name: 'Juniper Skin Co', brands: ['Juniper', 'Dew Theory'] },
  { name: 'Hollow Oak Spirits', brands: ['Hollow Oak'] },
  { name: 'Fable Kids Apparel', brands: ['Fable', 'Storybook'] },
  { name: 'Quarry Hill Hardware', brands: ['Quarry Hill'] },
  { name: 'Saffron Street Spices', brands: ['Saffron Street', 'Spice Caravan'] },
  { name: 'Tandem Cycle Works', brands: ['Tandem'] },
  { name: 'Lighthouse Pet Care', brands: ['Lighthouse', 'Beacon Bites'] },
  { name: 'Nimbus Sleep', brands: ['Nimbus', 'Cloudnine'] },
];

/**
 * Companies in the legacy customer-setup list. The last one carries a character the add rule
 * refuses (`&`): a name stored before the rule, which an edit keeps
 * (docs/requirements.md#legacy-edit).
 */
export const LEGACY_CLIENTS = [
  'Acorn Valley Foods',
  'Brightwater Brands',
  'Canyon Ridge Coffee',
  'Delta Home Essentials',
  'Elmwood Beauty',
  'Foxglove Naturals',
  'Granite Peak Outdoors',
  'Heritage Bakeries',
  'Indigo Audio',
  'Jasper Pet Supply',
  'Keystone Cleaning',
  'Lakeshore Beverages',
  'Marigold Baby',
  'Nova Kitchenware',
  'Oakridge Supplements',
  'Pioneer Snacks',
  'Quill and Ink Office',
  'Rosewood Fragrance',
  'Sierra Sports',
  'Thistle Tea Co',
  'Upland Garden Supply',
  'Vantage Electronics',
  'Westbrook Dairy',
  'Yellowstone Jerky',
  'Zephyr Haircare',
  'Bluebird Toys',
  'Copper Kettle Soups',
  'Driftwood Candles',
  'P&G Home Care',
];
