/**
 * The landing page's static content (visitor-site.md §1–§3): texts, lists and claims. Kept apart
 * from the components so copy changes never touch layout code.
 */
import type { RubriqueId } from '../../../domain/site/routes';
import type { PestKind, SceneKind } from './art';

export const HERO_WORDS = [
  'les frelons',
  'les guêpes',
  'les rats',
  'les cafards',
  'les abeilles',
  'les punaises de lit',
  'les chenilles',
  'les mouches',
  'les moucherons',
] as const;

export const CLAIMS = {
  badge: 'Ouvert 24/24h - 7/7j',
  stats: [
    { value: '500+', label: 'interventions réussies' },
    { value: '98%', label: 'de clients satisfaits' },
    { value: '4.9/5', label: 'note moyenne' },
    { value: '260+', label: 'avis clients' },
  ],
  promises: [
    'Devis gratuit',
    'Intervention en moins de 24h',
    'Techniciens certifiés',
    'Produits écologiques',
  ],
} as const;

export interface LandingService {
  id: 'deratisation' | 'desinsectisation' | 'desinfection' | 'nettoyage-vitres';
  title: string;
  summary: string;
  description: string;
  features: string[];
  pest: PestKind;
}

export const SERVICES: LandingService[] = [
  {
    id: 'deratisation',
    title: 'Dératisation',
    summary: 'Rats et souris : élimination durable chez vous comme dans vos locaux.',
    description:
      "Rats et souris abîment l'isolation, rongent les câbles et contaminent les denrées. Nous repérons les passages et les points d'entrée, posons des postes d'appâtage sécurisés adaptés aux enfants et aux animaux, puis revenons contrôler jusqu'à disparition complète des rongeurs.",
    features: ['Inspection complète', 'Traitement ciblé', 'Suivi régulier', 'Garantie résultat'],
    pest: 'rat',
  },
  {
    id: 'desinsectisation',
    title: 'Désinsectisation / Destruction de nids',
    summary: 'Punaises de lit, cafards, araignées, nids de guêpes et de frelons.',
    description:
      "Punaises de lit, cafards, araignées, nids de guêpes ou de frelons asiatiques : chaque insecte demande sa méthode. Nous identifions l'espèce, évaluons les risques pour les occupants et détruisons le foyer avec du matériel professionnel et des produits homologués, y compris en hauteur grâce à nos perches télescopiques.",
    features: [
      'Diagnostic précis',
      'Évaluation des risques',
      'Équipement professionnel',
      'Destruction complète',
      'Produits certifiés',
      'Traitement durable',
      'Conseils préventifs',
    ],
    pest: 'hornet',
  },
  {
    id: 'desinfection',
    title: 'Désinfection',
    summary: 'Particuliers et professionnels, avec certificat de traitement.',
    description:
      "Après un sinistre, un décès, une infestation ou simplement pour respecter vos obligations d'hygiène, nous désinfectons logements, cuisines professionnelles, véhicules et locaux. Chaque intervention donne lieu à un certificat de traitement à présenter à vos assureurs ou aux services de contrôle.",
    features: [
      'Particuliers et professionnels',
      'Produits virucides et bactéricides',
      'Locaux, cuisines et véhicules',
      'Certificat de traitement remis',
    ],
    pest: 'spray',
  },
  {
    id: 'nettoyage-vitres',
    title: 'Nettoyage et lavage de vitres',
    summary: 'Vitrines, baies et vérandas, avec un matériel spécialisé.',
    description:
      'Vitrines de commerce, baies vitrées, vérandas ou bureaux : nos perches à eau pure atteignent les surfaces hautes sans échafaudage et laissent des vitres nettes, sans traces. Un entretien ponctuel ou régulier, selon vos besoins.',
    features: [
      'Matériel spécialisé',
      'Perches à eau pure',
      'Commerces, bureaux et particuliers',
      'Résultat garanti',
    ],
    pest: 'window',
  },
];

export interface PestCard {
  title: string;
  text: string;
  pest: PestKind;
}

export const PESTS: PestCard[] = [
  {
    title: 'Rats et souris',
    text: 'Dératisation des habitations, caves, greniers, exploitations et commerces.',
    pest: 'rat',
  },
  {
    title: 'Frelons asiatiques',
    text: "Destruction de nids jusqu'à 25 mètres de hauteur avec nos perches télescopiques en carbone.",
    pest: 'hornet',
  },
  {
    title: 'Guêpes',
    text: 'Nids sous toiture, dans les haies, les murs ou les coffres de volets roulants.',
    pest: 'wasp',
  },
  {
    title: 'Cafards et blattes',
    text: 'Traitement par gel et pulvérisation ciblée des cuisines, restaurants et immeubles.',
    pest: 'cockroach',
  },
  {
    title: 'Punaises de lit',
    text: 'Traitement complet de la literie, des meubles et des pièces, avec visite de contrôle.',
    pest: 'bedbug',
  },
  {
    title: 'Chenilles processionnaires',
    text: 'Retrait des nids et pose d’écopièges sur les pins et les chênes.',
    pest: 'caterpillar',
  },
  {
    title: 'Mouches et moucherons',
    text: 'Traitement des locaux et destructeurs électriques d’insectes volants.',
    pest: 'fly',
  },
  {
    title: 'Abeilles',
    text: 'Récupération des essaims en lien avec des apiculteurs : les abeilles sont préservées.',
    pest: 'bee',
  },
];

export interface RubriqueSummary {
  id: RubriqueId;
  title: string;
  text: string;
  pest: PestKind;
}

export const RUBRIQUES: RubriqueSummary[] = [
  {
    id: 'deratisation',
    title: 'Dératisation',
    text: 'Rats et souris éliminés durablement, chez les particuliers comme chez les professionnels.',
    pest: 'rat',
  },
  {
    id: 'guepe-frelon',
    title: 'Guêpe/Frelon',
    text: 'Destruction de nids de guêpes et de frelons asiatiques, même très en hauteur.',
    pest: 'hornet',
  },
  {
    id: 'apiculteur-amateur',
    title: 'Apiculteur Amateur',
    text: 'Conseils, matériel et accompagnement pour bien démarrer vos ruches.',
    pest: 'bee',
  },
  {
    id: 'piegeur-ragondins',
    title: 'Piégeur Ragondins',
    text: 'Piégeage agréé des ragondins qui abîment berges, digues et cultures.',
    pest: 'coypu',
  },
  {
    id: 'chenille-processionnaires',
    title: 'Chenille Processionnaires',
    text: 'Retrait des nids et écopièges pour protéger enfants et animaux.',
    pest: 'caterpillar',
  },
  {
    id: 'deiv',
    title: 'DEIV',
    text: "Destructeurs électriques d'insectes volants : vente, installation et entretien.",
    pest: 'lamp',
  },
  {
    id: 'la-poste',
    title: 'LA POSTE',
    text: 'Partenaire de La Poste pour vos envois et la gestion de vos colis.',
    pest: 'parcel',
  },
];

export const RODENT_OFFERS = [
  {
    audience: 'Particuliers',
    title: 'Maison, jardin, cave et grenier',
    points: [
      'Diagnostic gratuit des accès et des traces',
      "Postes d'appâtage sécurisés pour enfants et animaux",
      'Obturation des points d’entrée',
      "Visite de contrôle jusqu'à disparition des rongeurs",
    ],
  },
  {
    audience: 'Professionnels',
    title: 'Restaurants, hôtels, campings, commerces, collectivités',
    points: [
      'Plan de lutte conforme aux exigences HACCP',
      'Plan de pose et registre des interventions',
      'Passages programmés tout au long de l’année',
      'Rapport remis après chaque visite',
    ],
  },
] as const;

export interface Reason {
  title: string;
  text: string;
}

export const REASONS: Reason[] = [
  {
    title: 'Intervention rapide',
    text: "Un appel suffit : nous intervenons en moins de 24h, 24h/24 et 7j/7, jours fériés compris, partout dans l'Eure et les départements voisins.",
  },
  {
    title: 'Techniciens certifiés',
    text: 'Nos techniciens détiennent le certificat biocide et se forment chaque année aux nouvelles méthodes et réglementations.',
  },
  {
    title: 'Produits écologiques',
    text: 'Pyrèthre naturel, pièges mécaniques et traitements ciblés : la juste dose au bon endroit, pour votre santé et celle de la faune.',
  },
  {
    title: 'Prix clairs',
    text: "Le devis est gratuit et le prix annoncé est le prix payé. Pas de frais cachés, pas de mauvaise surprise après l'intervention.",
  },
  {
    title: 'Résultat garanti',
    text: "Nous revenons tant que le problème n'est pas réglé. Plus de 500 interventions réussies et 98% de clients satisfaits.",
  },
];

export const DEPARTMENTS = [
  { code: '27', name: 'Eure' },
  { code: '76', name: 'Seine-Maritime' },
  { code: '60', name: 'Oise' },
  { code: '95', name: "Val-d'Oise" },
  { code: '78', name: 'Yvelines' },
  { code: '75', name: 'Paris' },
] as const;

/** Typographic wordmarks (logo-scroller.tsx draws each look): no real brand's logo is reproduced. */
export const SUPPLIERS = [
  { name: 'BioProtect', tagline: 'Biocides professionnels', look: 'leaf' },
  { name: 'PiègeNord', tagline: 'Pièges et postes sécurisés', look: 'stencil' },
  { name: 'ApiNormandie', tagline: 'Matériel apicole', look: 'hive' },
  { name: 'LumiVol', tagline: 'Destructeurs d’insectes', look: 'spark' },
] as const;

export const PARTNERS = [
  { name: 'Certibiocide', tagline: 'Certification biocide', look: 'seal' },
  { name: 'GDS Normandie', tagline: 'Défense sanitaire animale', look: 'leaf' },
  { name: 'FREDON', tagline: 'Protection des végétaux', look: 'block' },
  { name: 'Département 27', tagline: 'Lutte contre le frelon asiatique', look: 'hive' },
  { name: 'CMA Normandie', tagline: 'Artisanat', look: 'ribbon' },
  { name: 'Partenaire La Poste', tagline: 'Point relais agréé', look: 'stencil' },
] as const;

export const SANITARY_CONTRACT = {
  title: 'Contrat sanitaire',
  intro:
    "Pour les restaurants, commerces alimentaires, hôtels, campings et collectivités, le contrat sanitaire annuel protège votre activité toute l'année. Il est renouvelable, ou non, à chaque échéance : vous restez libre.",
  pillars: [
    {
      title: 'Prévenir',
      text: "Postes d'appâtage et pièges posés aux endroits stratégiques, conseils d'hygiène.",
    },
    {
      title: 'Détecter',
      text: 'Passages programmés pour repérer la moindre activité avant qu’elle ne devienne infestation.',
    },
    { title: 'Traiter', text: 'Intervention immédiate et ciblée dès le premier signe, sans surcoût.' },
    { title: 'Documenter', text: 'Registre, plan de pose et rapports de visite accessibles 24h/24 et 7j/7.' },
  ],
  legal:
    "L'arrêté du 9 mai 1995 impose aux établissements de restauration et de commerce alimentaire de maîtriser les nuisibles et d'en garder la preuve : le contrat sanitaire vous met en conformité.",
} as const;

export const ABOUT = {
  title: 'À propos',
  paragraphs: [
    "Hygiène - Anti-nuisibles 27 est une entreprise familiale installée dans l'Eure. Depuis 2019, nous protégeons les maisons, les commerces, les exploitations et les collectivités de Normandie et d'Île-de-France contre les nuisibles.",
    "Nous collaborons depuis 2019 avec le groupement de défense sanitaire animale et l'organisme régional de protection des végétaux. Nous participons à la lutte collective départementale contre le frelon asiatique, qui prend en charge une partie du coût de destruction des nids.",
    'Nos perches télescopiques en carbone atteignent les nids jusqu’à 25 mètres sans nacelle, et nous privilégions le pyrèthre naturel chaque fois que c’est possible.',
  ],
  cardHint: 'Cliquez sur la carte pour la retourner',
} as const;

export interface Testimonial {
  name: string;
  location: string;
  rating: number;
  text: string;
}

export const TESTIMONIALS: Testimonial[] = [
  {
    name: 'Sophie M.',
    location: 'Évreux',
    rating: 5,
    text: "Un nid de frelons asiatiques énorme en haut d'un chêne. Intervention le lendemain matin, perche télescopique impressionnante, nid détruit en vingt minutes. Très professionnel et rassurant.",
  },
  {
    name: 'Restaurant Le Vieux Pressoir',
    location: 'Louviers',
    rating: 5,
    text: 'Contrat sanitaire depuis trois ans : passages réguliers, rapports clairs, registre toujours à jour pour les contrôles. Nous n’avons plus jamais vu un rongeur en cuisine.',
  },
  {
    name: 'Jean-Pierre L.',
    location: 'Vernon',
    rating: 5,
    text: 'Des rats dans le grenier qui grattaient toute la nuit. Le technicien a trouvé par où ils passaient, a tout bouché et posé des postes sécurisés. Problème réglé en deux semaines.',
  },
  {
    name: 'Camping des Boucles de Seine',
    location: 'Les Andelys',
    rating: 5,
    text: 'Trois nids de guêpes près des sanitaires en plein mois d’août. Ils sont venus le jour même, sans déranger les vacanciers. Réactifs et efficaces.',
  },
  {
    name: 'Nadia B.',
    location: 'Rouen',
    rating: 5,
    text: 'Punaises de lit après un voyage… Explications claires, traitement complet et visite de contrôle. Nous dormons enfin tranquilles. Merci pour votre patience !',
  },
  {
    name: 'Mairie de Saint-André',
    location: 'Saint-André-de-l’Eure',
    rating: 5,
    text: 'Chenilles processionnaires dans les pins de l’école : retrait des nids et pose d’écopièges avant la rentrée. Travail soigné et devis respecté.',
  },
  {
    name: 'Thomas D.',
    location: 'Bernay',
    rating: 4,
    text: 'Des ragondins qui creusaient les berges de notre étang. Piégeage efficace et conseils utiles pour protéger les rives. Je recommande.',
  },
  {
    name: 'Boulangerie Martin',
    location: 'Pont-Audemer',
    rating: 5,
    text: 'Cafards derrière le four : traitement au gel pendant la fermeture hebdomadaire, aucune gêne pour la production. Prix annoncé, prix payé.',
  },
];

export interface GalleryItem {
  pest: PestKind;
  scene: SceneKind;
  caption: string;
  alt: string;
}

export interface RubriquePage {
  id: RubriqueId;
  title: string;
  subtitle: string;
  metaDescription: string;
  description: string[];
  services: string[];
  steps: { title: string; text: string }[];
  advantages: string[];
  gallery: GalleryItem[];
  pest: PestKind;
}
