/** The three legal pages' French texts (visitor-site.md §2 and §9 facts). */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  DEFAULT_RETENTION,
  frenchPeriod,
  type RetentionSettings,
} from '../../../domain/privacy/retention-periods';
import { BUSINESS } from '../../../domain/site/business';

export const LEGAL_UPDATED = '14/07/2025';

function Article({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-10">
      <h2 className="text-xl font-bold text-primary">{title}</h2>
      <div className="mt-3 space-y-3 leading-relaxed text-foreground/85">{children}</div>
    </section>
  );
}

const contactLine = (
  <>
    par email à <a href={`mailto:${BUSINESS.email}`}>{BUSINESS.email}</a>, par téléphone au{' '}
    <a href={BUSINESS.phoneHref}>{BUSINESS.phoneDisplay}</a> ou par courrier au {BUSINESS.street},{' '}
    {BUSINESS.postalCode} {BUSINESS.city}
  </>
);

export function MentionsLegales() {
  return (
    <>
      <Article title="1. Éditeur du site">
        <p>
          Le site est édité par <strong>{BUSINESS.name}</strong>, entreprise de lutte contre les nuisibles et
          d'hygiène, dont le siège est situé {BUSINESS.street}, {BUSINESS.postalCode} {BUSINESS.city}, France.
        </p>
        <ul className="list-disc space-y-1 pl-6">
          <li>SIRET : {BUSINESS.siret}</li>
          <li>Téléphone : {BUSINESS.phoneDisplay}</li>
          <li>Email : {BUSINESS.email}</li>
          <li>Directeur de la publication : le gérant de l'entreprise</li>
        </ul>
      </Article>
      <Article title="2. Hébergement">
        <p>
          Le site est hébergé par OVH SAS, 2 rue Kellermann, 59100 Roubaix, France, sur des serveurs situés
          dans l'Union européenne.
        </p>
      </Article>
      <Article title="3. Activité">
        <p>
          {BUSINESS.name} intervient en Normandie et en Île-de-France pour la dératisation, la
          désinsectisation, la destruction de nids de guêpes et de frelons, la désinfection et les services
          associés. Les traitements biocides sont réalisés par des techniciens titulaires du certificat
          biocide.
        </p>
      </Article>
      <Article title="4. Propriété intellectuelle">
        <p>
          L'ensemble des contenus du site (textes, illustrations, logos, mise en page) est la propriété
          exclusive de {BUSINESS.name}, sauf mention contraire. Toute reproduction, représentation ou
          diffusion, totale ou partielle, sans autorisation écrite préalable est interdite et constitue une
          contrefaçon sanctionnée par le Code de la propriété intellectuelle.
        </p>
        <p>
          Les noms de fournisseurs et de partenaires cités sur le site le sont à titre d'information ; ils
          restent la propriété de leurs titulaires respectifs.
        </p>
      </Article>
      <Article title="5. Responsabilité">
        <p>
          Les informations publiées sont fournies à titre indicatif et régulièrement mises à jour.{' '}
          {BUSINESS.name} ne saurait être tenue responsable d'une erreur ou d'une omission, ni d'une
          indisponibilité temporaire du site. Les conseils donnés sur le site ne remplacent pas le diagnostic
          d'un professionnel sur place.
        </p>
        <p>
          Les liens vers des sites tiers sont proposés pour faciliter la navigation ; {BUSINESS.name} n'exerce
          aucun contrôle sur leur contenu.
        </p>
      </Article>
      <Article title="6. Données personnelles et cookies">
        <p>
          Le traitement de vos données personnelles est décrit dans notre{' '}
          <Link to="/politique-confidentialite">politique de confidentialité</Link>. Le site n'utilise aucun
          cookie publicitaire ni outil de mesure d'audience tiers ; seuls des cookies strictement nécessaires
          (session du compte client) sont déposés.
        </p>
      </Article>
      <Article title="7. Droit applicable">
        <p>
          Les présentes mentions sont régies par le droit français. En cas de litige, et à défaut de solution
          amiable, les tribunaux français sont seuls compétents.
        </p>
      </Article>
      <Article title="8. Contact">
        <p>Pour toute question, vous pouvez nous joindre {contactLine}.</p>
      </Article>
    </>
  );
}

export function Cgv() {
  return (
    <>
      <Article title="Article 1 – Objet et champ d'application">
        <p>
          Les présentes conditions générales de vente (CGV) s'appliquent à toutes les commandes passées sur la
          boutique en ligne de {BUSINESS.name} par des clients particuliers ou professionnels. Toute commande
          implique l'acceptation sans réserve des présentes CGV, qui prévalent sur tout autre document.
        </p>
      </Article>
      <Article title="Article 2 – Produits">
        <p>
          Les produits proposés (pièges, produits de lutte contre les nuisibles, matériel d'apiculture) sont
          décrits avec la plus grande exactitude possible. Les photographies et illustrations n'ont pas de
          valeur contractuelle. Les offres sont valables dans la limite des stocks disponibles ; la
          disponibilité est indiquée sur chaque fiche produit.
        </p>
        <p>
          Certains produits biocides doivent être utilisés avec précaution : lisez l'étiquette et les
          informations concernant le produit avant toute utilisation.
        </p>
      </Article>
      <Article title="Article 3 – Prix">
        <p>
          Les prix sont indiqués en euros, toutes taxes comprises. La livraison est gratuite. {BUSINESS.name}{' '}
          se réserve le droit de modifier ses prix à tout moment ; les produits sont facturés au prix en
          vigueur lors de la validation de la commande. Lorsqu'un produit est en promotion, le prix
          promotionnel affiché s'applique.
        </p>
      </Article>
      <Article title="Article 4 – Commande">
        <p>
          Le client sélectionne les produits, vérifie le contenu de son panier puis renseigne ses coordonnées
          et le mode de livraison choisi (livraison ou retrait en boutique). La commande est enregistrée à sa
          validation et un numéro de commande est attribué. Un email de confirmation est adressé au client
          dans les 24h.
        </p>
      </Article>
      <Article title="Article 5 – Paiement">
        <p>
          Le paiement s'effectue en espèces, par carte bancaire, par virement ou par chèque. Après validation
          de la commande, le client reçoit un email contenant les instructions de paiement. La commande est
          préparée à réception du paiement ; en cas de retrait en boutique, le paiement peut être effectué sur
          place.
        </p>
      </Article>
      <Article title="Article 6 – Livraison et retrait">
        <p>
          Les produits sont livrés à l'adresse indiquée lors de la commande, en Normandie et en Île-de-France,
          ou peuvent être retirés en boutique le samedi uniquement. Nous contactons le client pour organiser
          la livraison ou le retrait.
        </p>
        <p>
          Le client vérifie l'état des produits à la réception. Toute réclamation concernant la livraison
          (colis endommagé, produit manquant ou non conforme) doit être signalée dans les 48 heures suivant la
          réception, {contactLine}.
        </p>
      </Article>
      <Article title="Article 7 – Droit de rétractation">
        <p>
          Conformément au Code de la consommation, le client particulier dispose d'un délai de 14 jours à
          compter de la réception des produits pour exercer son droit de rétractation, sans avoir à se
          justifier. Il nous en informe par une déclaration dénuée d'ambiguïté, puis retourne les produits
          dans leur emballage d'origine, non ouverts et en parfait état, à ses frais.
        </p>
        <p>
          Le remboursement intervient dans les 14 jours suivant la réception du retour, par le moyen de
          paiement utilisé lors de la commande. Pour des raisons d'hygiène et de sécurité, les produits
          biocides descellés ne peuvent être repris.
        </p>
      </Article>
      <Article title="Article 8 – Garanties">
        <p>
          Les produits bénéficient de la garantie légale de conformité (articles L.217-3 et suivants du Code
          de la consommation) et de la garantie des vices cachés (articles 1641 et suivants du Code civil).
        </p>
      </Article>
      <Article title="Article 9 – Données personnelles">
        <p>
          Les données collectées lors de la commande sont nécessaires à son traitement. Leur utilisation est
          décrite dans notre <Link to="/politique-confidentialite">politique de confidentialité</Link>.
        </p>
      </Article>
      <Article title="Article 10 – Litiges et droit applicable">
        <p>
          Les présentes CGV sont soumises au droit français. En cas de différend, le client peut recourir
          gratuitement à un médiateur de la consommation. À défaut d'accord amiable, les tribunaux français
          sont compétents.
        </p>
      </Article>
    </>
  );
}

/** The periods come from the settings the retention job applies (privacy.policy), defaults until read. */
export function PolitiqueConfidentialite({
  retention = DEFAULT_RETENTION,
}: {
  retention?: RetentionSettings;
}) {
  return (
    <>
      <Article title="1. Responsable du traitement">
        <p>
          {BUSINESS.name}, {BUSINESS.street}, {BUSINESS.postalCode} {BUSINESS.city}, est responsable du
          traitement des données personnelles collectées sur ce site. Pour toute question, vous pouvez nous
          joindre {contactLine}.
        </p>
      </Article>
      <Article title="2. Données collectées">
        <ul className="list-disc space-y-1 pl-6">
          <li>Formulaire de contact et de devis : nom, email, téléphone, service souhaité et message.</li>
          <li>Commandes : nom, prénom, email, téléphone, adresse de livraison et contenu de la commande.</li>
          <li>Compte client : email, mot de passe (chiffré), nom, prénom et coordonnées.</li>
          <li>
            Données techniques : adresse IP, utilisée pour la sécurité du site et la lutte contre les abus.
          </li>
        </ul>
      </Article>
      <Article title="3. Finalités et bases légales">
        <p>Vos données sont utilisées pour :</p>
        <ul className="list-disc space-y-1 pl-6">
          <li>répondre à vos demandes de contact et de devis (mesures précontractuelles) ;</li>
          <li>
            traiter et suivre vos commandes, et vous envoyer les instructions de paiement (exécution du
            contrat) ;
          </li>
          <li>gérer votre compte client (exécution du contrat) ;</li>
          <li>respecter nos obligations comptables et légales (obligation légale) ;</li>
          <li>assurer la sécurité du site (intérêt légitime).</li>
        </ul>
        <p>Vos données ne sont jamais vendues ni utilisées à des fins publicitaires.</p>
      </Article>
      <Article title="4. Destinataires">
        <p>
          Vos données sont destinées exclusivement à {BUSINESS.name} et, le cas échéant, à ses prestataires
          techniques (hébergement) agissant sur instruction, dans l'Union européenne.
        </p>
      </Article>
      <Article title="5. Durée de conservation">
        <p>
          Les données sont conservées au maximum {frenchPeriod(retention.contactMonths)} après notre dernier
          échange, sauf obligation légale de conservation plus longue (par exemple les factures, conservées 10
          ans).
        </p>
        <ul className="list-disc space-y-1 pl-6">
          <li>
            Demandes de contact et de devis : {frenchPeriod(retention.contactMonths)} après notre dernier
            échange.
          </li>
          <li>
            Compte client : supprimé avec ses données après {frenchPeriod(retention.inactiveAccountMonths)}{' '}
            sans activité ; vous êtes prévenu par email {retention.inactivityWarningDays} jours avant.
          </li>
          <li>
            Commandes passées sans compte : vos coordonnées sont effacées{' '}
            {frenchPeriod(retention.guestOrderMonths)} après votre dernier achat.
          </li>
          <li>Emails envoyés par la boutique : {retention.mailDays} jours.</li>
        </ul>
        <p>
          Depuis votre compte (onglet « Mes données »), vous pouvez télécharger vos données et supprimer votre
          compte.
        </p>
      </Article>
      <Article title="6. Vos droits">
        <p>
          Vous disposez d'un droit d'accès, de rectification, d'effacement, de limitation, d'opposition et de
          portabilité de vos données. Pour l'exercer, contactez-nous {contactLine}. Nous vous répondons dans
          un délai de 30 jours.
        </p>
        <p>
          Si vous estimez que vos droits ne sont pas respectés, vous pouvez adresser une réclamation à la CNIL
          (www.cnil.fr).
        </p>
      </Article>
      <Article title="7. Sécurité">
        <p>
          Les échanges avec le site sont chiffrés (HTTPS), les mots de passe sont stockés sous forme chiffrée
          et l'accès aux données est réservé aux personnes habilitées.
        </p>
      </Article>
      <Article title="8. Cookies">
        <p>
          Le site n'utilise que des cookies strictement nécessaires à son fonctionnement (session de votre
          compte). Aucun cookie publicitaire ni de mesure d'audience tiers n'est déposé ; aucun consentement
          n'est donc requis.
        </p>
      </Article>
    </>
  );
}
