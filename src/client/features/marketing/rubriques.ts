/** The seven service pages /rubriques/{id} (visitor-site.md §2): their full content. */

import { BUSINESS } from '../../../domain/site/business';
import type { RubriqueId } from '../../../domain/site/routes';
import type { RubriquePage } from './content';
import type { PageMeta } from './seo';

export const RUBRIQUE_PAGES: Record<RubriqueId, RubriquePage> = {
  deratisation: {
    id: 'deratisation',
    title: 'Dératisation',
    subtitle: 'Rats et souris éliminés durablement, chez vous comme dans vos locaux',
    metaDescription:
      "Dératisation dans l'Eure et en Normandie : rats et souris éliminés durablement, postes sécurisés, suivi et garantie. Devis gratuit, intervention en moins de 24h.",
    pest: 'rat',
    description: [
      'Un rat ou une souris aperçu, des grattements la nuit, des crottes dans un placard : il faut agir vite. Les rongeurs se reproduisent très rapidement, rongent câbles et isolants et transmettent des maladies comme la leptospirose.',
      "Nos techniciens certifiés repèrent les passages et les points d'entrée, choisissent la méthode la plus adaptée (pièges mécaniques, postes d'appâtage sécurisés, obturation) et reviennent contrôler jusqu'à disparition complète des rongeurs.",
    ],
    services: [
      'Dératisation de maisons, caves, greniers et garages',
      'Traitement des commerces, restaurants et entrepôts',
      'Exploitations agricoles et bâtiments d’élevage',
      'Obturation des points d’entrée',
      'Contrats de suivi pour les professionnels (HACCP)',
    ],
    steps: [
      { title: 'Diagnostic', text: 'Repérage des traces, des passages, des nids et des accès au bâtiment.' },
      {
        title: 'Traitement',
        text: "Pose de pièges et de postes d'appâtage sécurisés, numérotés et notés sur un plan.",
      },
      { title: 'Suivi', text: 'Visites de contrôle, remplacement des appâts et relevé de la consommation.' },
      {
        title: 'Prévention',
        text: 'Obturation des accès et conseils pour que les rongeurs ne reviennent pas.',
      },
    ],
    advantages: [
      'Postes sécurisés pour les enfants et les animaux domestiques',
      'Intervention en moins de 24h',
      'Résultat garanti : nous revenons sans frais',
      'Rapport d’intervention remis',
    ],
    gallery: [
      {
        pest: 'rat',
        scene: 'house',
        caption: 'Inspection d’une maison',
        alt: 'Illustration d’un rat près d’une maison inspectée',
      },
      {
        pest: 'rat',
        scene: 'kitchen',
        caption: 'Cuisine professionnelle',
        alt: 'Illustration d’un rongeur dans une cuisine professionnelle',
      },
      {
        pest: 'trap',
        scene: 'barn',
        caption: 'Poste d’appâtage sécurisé',
        alt: 'Illustration d’un poste d’appâtage sécurisé dans un bâtiment agricole',
      },
      {
        pest: 'rat',
        scene: 'van',
        caption: 'Intervention rapide',
        alt: 'Illustration du véhicule d’intervention',
      },
    ],
  },
  'guepe-frelon': {
    id: 'guepe-frelon',
    title: 'Guêpe/Frelon',
    subtitle: 'Destruction de nids de guêpes et de frelons asiatiques, jusqu’à 25 mètres',
    metaDescription:
      "Destruction de nids de guêpes et de frelons asiatiques dans l'Eure : perches télescopiques jusqu'à 25 m, pyrèthre naturel, intervention 7j/7.",
    pest: 'hornet',
    description: [
      'Un nid de guêpes sous le toit ou un nid de frelons asiatiques dans un arbre représente un vrai danger, surtout pour les enfants, les personnes allergiques et les animaux. Ne tentez jamais de le détruire vous-même.',
      "Grâce à nos perches télescopiques en carbone, nous atteignons les nids jusqu'à 25 mètres de hauteur sans nacelle. Nous injectons un insecticide adapté, le plus souvent à base de pyrèthre naturel, puis retirons le nid lorsque c'est possible. Dans l'Eure, la lutte collective départementale contre le frelon asiatique prend en charge une partie du coût.",
    ],
    services: [
      'Destruction de nids de frelons asiatiques',
      'Destruction de nids de guêpes (toitures, haies, murs, volets roulants)',
      'Nids en hauteur jusqu’à 25 mètres',
      'Retrait du nid après traitement quand il est accessible',
      'Conseils de piégeage de printemps',
    ],
    steps: [
      {
        title: 'Identification',
        text: "Guêpe, frelon européen ou frelon asiatique : l'espèce décide de la méthode.",
      },
      { title: 'Sécurisation', text: 'Périmètre de sécurité et équipement de protection intégral.' },
      { title: 'Destruction', text: 'Injection ciblée au cœur du nid avec une perche télescopique.' },
      { title: 'Contrôle', text: "Vérification de l'absence d'activité et retrait du nid si possible." },
    ],
    advantages: [
      'Intervention 7j/7, jours fériés compris',
      'Perches en carbone jusqu’à 25 mètres, sans nacelle',
      'Pyrèthre naturel privilégié',
      'Participation de la lutte collective départementale',
    ],
    gallery: [
      {
        pest: 'hornet',
        scene: 'tree',
        caption: 'Nid de frelons dans un arbre',
        alt: 'Illustration d’un nid de frelons asiatiques en haut d’un arbre',
      },
      {
        pest: 'wasp',
        scene: 'roof',
        caption: 'Nid de guêpes sous toiture',
        alt: 'Illustration d’un nid de guêpes sous une toiture',
      },
      {
        pest: 'pole',
        scene: 'tree',
        caption: 'Perche télescopique',
        alt: 'Illustration d’une perche télescopique atteignant un nid',
      },
      {
        pest: 'hornet',
        scene: 'garden',
        caption: 'Jardin sécurisé',
        alt: 'Illustration d’un jardin après la destruction d’un nid',
      },
      {
        pest: 'wasp',
        scene: 'house',
        caption: 'Coffre de volet roulant',
        alt: 'Illustration de guêpes près d’une fenêtre',
      },
    ],
  },
  'apiculteur-amateur': {
    id: 'apiculteur-amateur',
    title: 'Apiculteur Amateur',
    subtitle: 'Conseils, matériel et accompagnement pour vos premières ruches',
    metaDescription:
      'Accompagnement des apiculteurs amateurs dans l’Eure : conseils, matériel apicole, récupération d’essaims et protection des ruches contre le frelon asiatique.',
    pest: 'bee',
    description: [
      "Installer ses premières ruches est une belle aventure, à condition d'être bien accompagné. Nous conseillons les apiculteurs amateurs sur l'emplacement, le choix du matériel, la conduite des colonies et la santé des abeilles.",
      'Notre boutique propose le matériel essentiel, et nous aidons à protéger les ruchers du frelon asiatique, principal prédateur des abeilles dans la région. Les essaims trouvés chez les particuliers sont récupérés et confiés à des apiculteurs.',
    ],
    services: [
      'Conseils d’installation et de conduite du rucher',
      'Vente de matériel apicole en boutique',
      'Récupération d’essaims',
      'Protection des ruchers contre le frelon asiatique',
      'Mise en relation avec les apiculteurs locaux',
    ],
    steps: [
      { title: 'Échange', text: 'Vos objectifs, votre terrain et votre expérience.' },
      { title: 'Équipement', text: 'Ruche, tenue, enfumoir : le matériel juste nécessaire.' },
      { title: 'Installation', text: 'Emplacement, orientation et arrivée de la colonie.' },
      { title: 'Suivi', text: 'Visites de saison et conseils sanitaires.' },
    ],
    advantages: [
      'Conseils d’un professionnel de terrain',
      'Matériel disponible en boutique le samedi',
      'Abeilles préservées lors des récupérations d’essaims',
      'Lutte active contre le frelon asiatique',
    ],
    gallery: [
      {
        pest: 'bee',
        scene: 'garden',
        caption: 'Rucher au jardin',
        alt: 'Illustration d’abeilles butinant dans un jardin',
      },
      {
        pest: 'hive',
        scene: 'meadow',
        caption: 'Ruche en prairie',
        alt: 'Illustration d’une ruche dans une prairie fleurie',
      },
      {
        pest: 'bee',
        scene: 'tree',
        caption: 'Essaim dans un arbre',
        alt: 'Illustration d’un essaim d’abeilles accroché à une branche',
      },
      {
        pest: 'hive',
        scene: 'barn',
        caption: 'Matériel apicole',
        alt: 'Illustration de matériel apicole rangé',
      },
    ],
  },
  'piegeur-ragondins': {
    id: 'piegeur-ragondins',
    title: 'Piégeur Ragondins',
    subtitle: 'Piégeage agréé pour protéger berges, digues et cultures',
    metaDescription:
      'Piégeage de ragondins dans l’Eure par un piégeur agréé : protection des berges, étangs, digues et cultures. Devis gratuit.',
    pest: 'coypu',
    description: [
      'Le ragondin creuse des terriers qui fragilisent les berges, les digues et les chemins, et consomme les cultures. Il peut aussi transmettre la leptospirose.',
      'Piégeurs agréés, nous posons des cages-pièges sélectives, les relevons chaque jour comme le veut la réglementation et conseillons les propriétaires sur la protection durable des rives.',
    ],
    services: [
      'Piégeage par cages sélectives',
      'Relevé quotidien des pièges',
      'Interventions pour étangs, rivières et exploitations',
      'Conseils de protection des berges',
      'Accompagnement des communes et associations',
    ],
    steps: [
      { title: 'Repérage', text: 'Terriers, coulées et zones de consommation.' },
      { title: 'Pose', text: 'Cages-pièges placées sur les passages actifs.' },
      { title: 'Relevé', text: 'Visite quotidienne, conformément à la réglementation.' },
      { title: 'Bilan', text: 'Compte rendu et conseils de protection des rives.' },
    ],
    advantages: [
      'Piégeur agréé',
      'Pièges sélectifs respectueux de la faune non ciblée',
      'Relevé quotidien garanti',
      'Tarifs adaptés aux communes et associations',
    ],
    gallery: [
      {
        pest: 'coypu',
        scene: 'river',
        caption: 'Berge de rivière',
        alt: 'Illustration d’un ragondin au bord d’une rivière',
      },
      {
        pest: 'trap',
        scene: 'river',
        caption: 'Cage-piège',
        alt: 'Illustration d’une cage-piège posée sur une berge',
      },
      {
        pest: 'coypu',
        scene: 'meadow',
        caption: 'Cultures protégées',
        alt: 'Illustration d’un champ protégé des ragondins',
      },
      {
        pest: 'coypu',
        scene: 'van',
        caption: 'Tournée de relevé',
        alt: 'Illustration du véhicule lors de la tournée de relevé',
      },
    ],
  },
  'chenille-processionnaires': {
    id: 'chenille-processionnaires',
    title: 'Chenille Processionnaires',
    subtitle: 'Retrait des nids et écopièges pour protéger enfants et animaux',
    metaDescription:
      'Lutte contre les chenilles processionnaires du pin et du chêne dans l’Eure : retrait des nids, écopièges, traitement biologique. Devis gratuit.',
    pest: 'caterpillar',
    description: [
      'Les poils urticants des chenilles processionnaires provoquent de fortes réactions chez l’homme et peuvent être très graves pour les chiens et les chats. Les nids apparaissent en hiver sur les pins et au printemps sur les chênes.',
      'Nous retirons et détruisons les nids, posons des écopièges autour des troncs pour capturer les chenilles lors de leur descente et proposons un traitement biologique au bon moment de la saison.',
    ],
    services: [
      'Retrait et destruction des nids',
      'Pose d’écopièges sur les troncs',
      'Traitement biologique préventif',
      'Interventions pour écoles, communes et campings',
      'Conseils de surveillance saisonnière',
    ],
    steps: [
      { title: 'Inspection', text: 'Repérage des nids sur les pins et les chênes.' },
      { title: 'Retrait', text: 'Échenillage avec équipement de protection adapté.' },
      { title: 'Piégeage', text: 'Écopièges posés autour des troncs.' },
      { title: 'Prévention', text: 'Traitement biologique et calendrier de surveillance.' },
    ],
    advantages: [
      'Protection des enfants et des animaux',
      'Méthodes biologiques privilégiées',
      'Interventions planifiées selon la saison',
      'Devis gratuit',
    ],
    gallery: [
      {
        pest: 'caterpillar',
        scene: 'forest',
        caption: 'Procession au sol',
        alt: 'Illustration de chenilles processionnaires en file au pied des pins',
      },
      {
        pest: 'caterpillar',
        scene: 'tree',
        caption: 'Nid dans un pin',
        alt: 'Illustration d’un nid de chenilles dans un pin',
      },
      {
        pest: 'trap',
        scene: 'forest',
        caption: 'Écopiège posé',
        alt: 'Illustration d’un écopiège autour d’un tronc',
      },
      {
        pest: 'caterpillar',
        scene: 'garden',
        caption: 'Jardin protégé',
        alt: 'Illustration d’un jardin familial protégé',
      },
    ],
  },
  deiv: {
    id: 'deiv',
    title: 'DEIV',
    subtitle: 'Destructeurs électriques d’insectes volants pour vos locaux',
    metaDescription:
      'Destructeurs électriques d’insectes volants (DEIV) pour restaurants, commerces et industries de l’Eure : vente, installation, entretien et remplacement des tubes.',
    pest: 'lamp',
    description: [
      'Mouches et moucherons sont une source de contamination dans les cuisines, les commerces alimentaires et les ateliers. Les destructeurs électriques d’insectes volants attirent et éliminent les insectes en continu, sans produit chimique.',
      'Nous conseillons le modèle adapté à chaque pièce (à grille ou à plaque engluée pour les zones alimentaires), l’installons à la bonne hauteur et assurons l’entretien : remplacement des tubes UV chaque année et des plaques de glu.',
    ],
    services: [
      'Conseil et vente d’appareils',
      'Installation à la bonne place',
      'Remplacement annuel des tubes UV',
      'Changement des plaques de glu',
      'Contrat d’entretien',
    ],
    steps: [
      { title: 'Visite', text: 'Étude des locaux, des ouvertures et des zones sensibles.' },
      { title: 'Choix', text: 'Appareil à grille ou à plaque adapté à chaque zone.' },
      { title: 'Installation', text: 'Pose à la bonne hauteur, loin des courants d’air.' },
      { title: 'Entretien', text: 'Tubes et plaques remplacés selon un calendrier.' },
    ],
    advantages: [
      'Sans insecticide',
      'Conforme aux exigences d’hygiène alimentaire',
      'Fonctionne jour et nuit',
      'Entretien pris en charge',
    ],
    gallery: [
      {
        pest: 'lamp',
        scene: 'kitchen',
        caption: 'Cuisine de restaurant',
        alt: 'Illustration d’un destructeur d’insectes dans une cuisine',
      },
      {
        pest: 'fly',
        scene: 'kitchen',
        caption: 'Mouches attirées',
        alt: 'Illustration de mouches attirées par la lumière UV',
      },
      {
        pest: 'lamp',
        scene: 'shop',
        caption: 'Commerce alimentaire',
        alt: 'Illustration d’un appareil dans un commerce',
      },
      {
        pest: 'midge',
        scene: 'shop',
        caption: 'Moucherons',
        alt: 'Illustration de moucherons près d’un étal',
      },
    ],
  },
  'la-poste': {
    id: 'la-poste',
    title: 'LA POSTE',
    subtitle: 'Partenaire de La Poste : vos envois et vos colis près de chez vous',
    metaDescription:
      'Point partenaire La Poste : dépôt et retrait de colis, affranchissement et services postaux de proximité, en boutique le samedi.',
    pest: 'parcel',
    description: [
      'En tant que partenaire de La Poste, notre boutique vous propose des services postaux de proximité : affranchissement, dépôt et retrait de colis et de lettres recommandées.',
      'Un service pratique pour les habitants et les professionnels du secteur, avec des horaires adaptés et un accueil personnalisé.',
    ],
    services: [
      'Affranchissement de lettres et colis',
      'Dépôt de colis',
      'Retrait de colis et de lettres recommandées',
      'Vente d’emballages',
      'Conseils d’envoi',
    ],
    steps: [
      { title: 'Préparation', text: 'Emballage et étiquette, nous vous conseillons.' },
      { title: 'Dépôt', text: 'Pesée et affranchissement au comptoir.' },
      { title: 'Suivi', text: 'Numéro de suivi remis pour chaque envoi.' },
      { title: 'Retrait', text: 'Vos colis vous attendent en boutique.' },
    ],
    advantages: [
      'Service de proximité',
      'Accueil personnalisé',
      'Emballages disponibles',
      'Suivi de chaque envoi',
    ],
    gallery: [
      {
        pest: 'parcel',
        scene: 'shop',
        caption: 'Comptoir postal',
        alt: 'Illustration d’un colis au comptoir',
      },
      {
        pest: 'parcel',
        scene: 'van',
        caption: 'Départ des colis',
        alt: 'Illustration d’un véhicule chargé de colis',
      },
      {
        pest: 'letter',
        scene: 'shop',
        caption: 'Lettres recommandées',
        alt: 'Illustration d’une lettre recommandée',
      },
    ],
  },
};

/** The head of a rubrique page. Here rather than in seo.ts, so the other pages do not load the rubriques' text. */
export function rubriqueMeta(id: RubriqueId): PageMeta {
  const page = RUBRIQUE_PAGES[id];
  return {
    title: `${page.title} | ${BUSINESS.name}`,
    description: page.metaDescription,
    path: `/rubriques/${id}`,
  };
}
