/**
 * A vendored slice of the schema.org vocabulary (schema.org 29.x, https://schema.org/<Type>, the
 * "Properties from <Type>" tables): the types our structured data uses, each with its parent and the
 * properties it adds, and the enumeration members used as values. Enough to check offline that every
 * @type and property we emit exists; extend it from schema.org when the pages use a new one.
 */
interface VocabularyType {
  /** Its parent types (schema.org has a few with two, such as LocalBusiness). */
  parent: string | readonly string[] | null;
  properties: readonly string[];
}

export const SCHEMA_ORG_TYPES: Record<string, VocabularyType> = {
  Thing: {
    parent: null,
    properties: [
      'additionalType',
      'alternateName',
      'description',
      'disambiguatingDescription',
      'identifier',
      'image',
      'mainEntityOfPage',
      'name',
      'potentialAction',
      'sameAs',
      'subjectOf',
      'url',
    ],
  },
  Product: {
    parent: 'Thing',
    properties: [
      'additionalProperty',
      'aggregateRating',
      'audience',
      'award',
      'brand',
      'category',
      'color',
      'countryOfOrigin',
      'depth',
      'gtin',
      'gtin12',
      'gtin13',
      'gtin14',
      'gtin8',
      'height',
      'isRelatedTo',
      'isSimilarTo',
      'itemCondition',
      'logo',
      'manufacturer',
      'material',
      'model',
      'mpn',
      'offers',
      'pattern',
      'productID',
      'releaseDate',
      'review',
      'size',
      'sku',
      'slogan',
      'weight',
      'width',
    ],
  },
  Brand: { parent: 'Thing', properties: ['aggregateRating', 'logo', 'review', 'slogan'] },
  Intangible: { parent: 'Thing', properties: [] },
  Offer: {
    parent: 'Intangible',
    properties: [
      'acceptedPaymentMethod',
      'availability',
      'availabilityEnds',
      'availabilityStarts',
      'businessFunction',
      'category',
      'deliveryLeadTime',
      'eligibleRegion',
      'gtin',
      'itemCondition',
      'itemOffered',
      'mpn',
      'offeredBy',
      'price',
      'priceCurrency',
      'priceSpecification',
      'priceValidUntil',
      'seller',
      'shippingDetails',
      'sku',
      'validFrom',
      'validThrough',
    ],
  },
  Organization: {
    parent: 'Thing',
    properties: [
      'address',
      'aggregateRating',
      'areaServed',
      'brand',
      'email',
      'foundingDate',
      'legalName',
      'logo',
      'telephone',
      'vatID',
    ],
  },
  Place: {
    parent: 'Thing',
    properties: ['address', 'aggregateRating', 'geo', 'logo', 'openingHoursSpecification', 'telephone'],
  },
  LocalBusiness: {
    parent: ['Organization', 'Place'],
    properties: ['currenciesAccepted', 'openingHours', 'paymentAccepted', 'priceRange'],
  },
  AdministrativeArea: { parent: 'Place', properties: [] },
  StructuredValue: { parent: 'Intangible', properties: [] },
  ContactPoint: {
    parent: 'StructuredValue',
    properties: ['areaServed', 'availableLanguage', 'contactType', 'email', 'hoursAvailable', 'telephone'],
  },
  PostalAddress: {
    parent: 'ContactPoint',
    properties: [
      'addressCountry',
      'addressLocality',
      'addressRegion',
      'postOfficeBoxNumber',
      'postalCode',
      'streetAddress',
    ],
  },
  OpeningHoursSpecification: {
    parent: 'StructuredValue',
    properties: ['closes', 'dayOfWeek', 'opens', 'validFrom', 'validThrough'],
  },
  Rating: {
    parent: 'Intangible',
    properties: ['author', 'bestRating', 'ratingExplanation', 'ratingValue', 'reviewAspect', 'worstRating'],
  },
  AggregateRating: { parent: 'Rating', properties: ['itemReviewed', 'ratingCount', 'reviewCount'] },
  ItemList: { parent: 'Intangible', properties: ['itemListElement', 'itemListOrder', 'numberOfItems'] },
  ListItem: { parent: 'Intangible', properties: ['item', 'nextItem', 'position', 'previousItem'] },
};

/** Enumerations: the property, and the members (https://schema.org/<Member>) it may take. */
export const SCHEMA_ORG_ENUMERATIONS: Record<string, readonly string[]> = {
  availability: [
    'BackOrder',
    'Discontinued',
    'InStock',
    'InStoreOnly',
    'LimitedAvailability',
    'MadeToOrder',
    'OnlineOnly',
    'OutOfStock',
    'PreOrder',
    'PreSale',
    'Reserved',
    'SoldOut',
  ],
  itemCondition: ['DamagedCondition', 'NewCondition', 'RefurbishedCondition', 'UsedCondition'],
};

function propertiesOf(type: string, all = new Set<string>()): Set<string> {
  const entry = SCHEMA_ORG_TYPES[type];
  for (const p of entry?.properties ?? []) all.add(p);
  for (const parent of [entry?.parent ?? []].flat()) propertiesOf(parent, all);
  return all;
}

/** Every problem found in a JSON-LD document against the vocabulary above ([] when valid). */
export function schemaOrgProblems(data: unknown, where = '$'): string[] {
  if (Array.isArray(data)) return data.flatMap((item, i) => schemaOrgProblems(item, `${where}[${i}]`));
  if (data === null || typeof data !== 'object') return [];
  const node = data as Record<string, unknown>;
  const problems: string[] = [];
  if (where === '$' && node['@context'] !== 'https://schema.org')
    problems.push(`${where}: @context is not https://schema.org`);
  const type = node['@type'];
  if (typeof type !== 'string' || !SCHEMA_ORG_TYPES[type]) {
    return [...problems, `${where}: unknown @type ${JSON.stringify(type)}`];
  }
  const allowed = propertiesOf(type);
  for (const [key, value] of Object.entries(node)) {
    if (key === '@context' || key === '@type') continue;
    if (!allowed.has(key)) problems.push(`${where}: ${type} has no property ${key}`);
    const members = SCHEMA_ORG_ENUMERATIONS[key];
    if (members && !(typeof value === 'string' && members.some((m) => value === `https://schema.org/${m}`))) {
      problems.push(`${where}.${key}: ${JSON.stringify(value)} is not a member of its enumeration`);
    }
    problems.push(...schemaOrgProblems(value, `${where}.${key}`));
  }
  return problems;
}
