/**
 * The engines' catalogue words beyond the shared ones (../catalogue-words.ts): state ids
 * (bench/catalogue.ts STATE_AT, with its weights) and a few words shops put in descriptions, so the
 * catalogue has a long tail of words.
 */
export { DESCRIPTIONS, LINES, PREFIXES, type Line } from '../catalogue-words.js';

/** State ids with their share of the shops (bench/catalogue.ts STATE_AT weights). */
export const STATES: [string, number][] = [
  ['abia', 2],
  ['adamawa', 1],
  ['akwa-ibom', 2],
  ['anambra', 3],
  ['bauchi', 1],
  ['bayelsa', 1],
  ['benue', 1],
  ['borno', 1],
  ['cross-river', 1],
  ['delta', 2],
  ['ebonyi', 1],
  ['edo', 2],
  ['ekiti', 1],
  ['enugu', 3],
  ['gombe', 1],
  ['imo', 2],
  ['jigawa', 1],
  ['kaduna', 3],
  ['kano', 8],
  ['katsina', 1],
  ['kebbi', 1],
  ['kogi', 1],
  ['kwara', 2],
  ['lagos', 25],
  ['nasarawa', 1],
  ['niger', 1],
  ['ogun', 3],
  ['ondo', 2],
  ['osun', 2],
  ['oyo', 6],
  ['plateau', 2],
  ['rivers', 8],
  ['sokoto', 1],
  ['taraba', 1],
  ['yobe', 1],
  ['zamfara', 1],
  ['fct', 10],
];

/** Words shops add to descriptions (materials, looks, uses, places, selling words): the long tail of the vocabulary. */
export const EXTRA_WORDS = (
  'aba onitsha ikeja yaba surulere lekki ajah ikorodu oshodi agege ibadan ilorin jos warri benin calabar uyo owerri ' +
  'umuahia abakaliki awka asaba makurdi lokoja minna sokoto katsina dutse kebbi gusau damaturu maiduguri yola jalingo ' +
  'leather cotton silk linen denim velvet suede wool nylon plastic steel aluminium copper glass ceramic bamboo rattan ' +
  'wooden marble granite rubber canvas chiffon satin mesh lace adire aso-oke batik tie-dye embroidered beaded sequin ' +
  'waterproof rechargeable portable foldable adjustable washable durable lightweight heavy-duty compact slim wireless ' +
  'bluetooth digital analogue automatic manual electric solar cordless handmade imported local organic natural herbal ' +
  'scented unscented sugar-free gluten-free halal kosher vegan fresh frozen dried smoked roasted spicy mild sweet sour ' +
  'crispy creamy fluffy shiny matte glossy vintage modern classic trendy elegant casual formal sporty luxury budget ' +
  'wedding birthday christmas sallah easter owambe party office school church mosque travel gym beach kitchen bedroom ' +
  'parlour garden outdoor indoor bathroom toilet balcony shop warehouse market wholesale retail bulk carton dozen pair ' +
  'unisex toddler teenager adult senior maternity nursing newborn infant twins family couple gift souvenir hamper ' +
  'warranty guarantee certified genuine authentic refurbished tokunbo fairly-used clearance discount promo bonanza ' +
  'agege-bread puff-puff chin-chin plantain-chips kilishi tiger-nut egusi ogbono okra ugu bitterleaf scent-leaf ' +
  'palm-oil groundnut-oil ofe-onugbu jollof fried-rice amala ewedu gbegiri efo-riro moi-moi akara ofada-sauce'
).split(' ');
