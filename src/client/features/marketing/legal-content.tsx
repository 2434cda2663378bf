/**
 * The three legal pages' French texts (visitor-site.md §2 and §9 facts). The shop's identity, the
 * director of publication, the host, the mediator and the delivery terms come from the settings
 * (useSiteSettings: legalIdentity of src/domain/legal/identity.ts, the Commerce rules).
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useSiteSettings } from '@/client/features/site/use-site-settings';
import { ORDER_BUTTON_LABEL } from '@/domain/checkout/order-button';
import { CGV_DATE, HYGIENE_NOTICE, REFUND_DAYS, RETURN_DAYS, WITHDRAWAL_DAYS } from '@/domain/legal/cgv';
import { deliveryTerms } from '@/domain/legal/delivery-claims';
import { type LegalIdentity, VAT_EXEMPT_MENTION } from '@/domain/legal/identity';
import {
  LEGAL_GUARANTEE_BOX,
  LEGAL_GUARANTEE_TITLE,
  WITHDRAWAL_FORM_TITLE,
  withdrawalFormLines,
} from '@/domain/legal/withdrawal-form';
import { DEFAULT_RETENTION, frenchPeriod, type RetentionSettings } from '@/domain/privacy/retention-periods';

export const LEGAL_UPDATED = '14/07/2025';
/** The CGV's date is their version's (src/domain/legal/cgv.ts): each order records it. */
export const CGV_UPDATED = CGV_DATE;

/**
 * A blank setting is left out, never printed as a placeholder (issue 35): the dashboard's « Mise en
 * service » tells the owner what is missing, and a production shop missing a legally required
 * mention takes no order (src/domain/settings/readiness.ts).
 */
const line = (label: string, value: string) => (value ? <li>{`${label} : ${value}`}</li> : null);

function Article({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-10">
      <h2 className="text-xl font-bold text-primary">{title}</h2>
      <div className="mt-3 space-y-3 leading-relaxed text-foreground/85">{children}</div>
    </section>
  );
}

function ContactLine({ site }: { site: LegalIdentity }) {
  return (
    <>
      par email à <a href={`mailto:${site.email}`}>{site.email}</a>
      {site.phone ? (
        <>
          , par téléphone au <a href={site.phoneHref ?? undefined}>{site.phone}</a>
        </>
      ) : null}{' '}
      ou par courrier au {site.address}
    </>
  );
}

export function MentionsLegales() {
  const { identity: site } = useSiteSettings();
  // Paramètres › Facturation (null in the pre-rendered HTML, until the server answers).
  const entity = site.entity;
  const contactLine = <ContactLine site={site} />;
  return (
    <>
      <Article title="1. Éditeur du site">
        <p>
          Le site est édité par <strong>{entity?.legalName || site.name}</strong>, entreprise de lutte contre
          les nuisibles et d'hygiène, dont le siège est situé {entity?.registeredOffice || site.address},
          France.
        </p>
        <ul className="list-disc space-y-1 pl-6">
          {entity ? (
            <>
              {line('Raison sociale', entity.legalName)}
              {entity.legalForm ? (
                <li>
                  Forme juridique : {entity.legalForm}
                  {entity.shareCapital ? ` au capital de ${entity.shareCapital}` : ''}
                </li>
              ) : null}
              {line('SIREN', entity.siren)}
              {line('SIRET', entity.siret)}
              {line('Immatriculation', entity.registry)}
              {entity.vat === VAT_EXEMPT_MENTION ? (
                <li>{entity.vat}</li>
              ) : (
                line('Numéro de TVA intracommunautaire', entity.vat)
              )}
            </>
          ) : null}
          {site.phone ? <li>Téléphone : {site.phone}</li> : null}
          <li>Email : {site.email}</li>
          {line('Directeur de la publication', site.publicationDirector)}
        </ul>
      </Article>
      {site.host.name ? (
        <Article title="2. Hébergement">
          <p>
            Le site est hébergé par {site.host.name}
            {site.host.address ? `, ${site.host.address}` : ''}
            {site.host.phone ? ` (téléphone : ${site.host.phone})` : ''}.
          </p>
        </Article>
      ) : null}
      <Article title="3. Activité">
        <p>
          {site.name} intervient en Normandie et en Île-de-France pour la dératisation, la désinsectisation,
          la destruction de nids de guêpes et de frelons, la désinfection et les services associés. Les
          traitements biocides sont réalisés par des techniciens titulaires du certificat biocide.
        </p>
      </Article>
      <Article title="4. Propriété intellectuelle">
        <p>
          L'ensemble des contenus du site (textes, illustrations, logos, mise en page) est la propriété
          exclusive de {site.name}, sauf mention contraire. Toute reproduction, représentation ou diffusion,
          totale ou partielle, sans autorisation écrite préalable est interdite et constitue une contrefaçon
          sanctionnée par le Code de la propriété intellectuelle.
        </p>
        <p>
          Les noms de fournisseurs et de partenaires cités sur le site le sont à titre d'information ; ils
          restent la propriété de leurs titulaires respectifs.
        </p>
      </Article>
      <Article title="5. Responsabilité">
        <p>
          Les informations publiées sont fournies à titre indicatif et régulièrement mises à jour. {site.name}{' '}
          ne saurait être tenue responsable d'une erreur ou d'une omission, ni d'une indisponibilité
          temporaire du site. Les conseils donnés sur le site ne remplacent pas le diagnostic d'un
          professionnel sur place.
        </p>
        <p>
          Les liens vers des sites tiers sont proposés pour faciliter la navigation ; {site.name} n'exerce
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
  const { identity: site, delivery } = useSiteSettings();
  const contactLine = <ContactLine site={site} />;
  return (
    <>
      <Article title="Article 1 – Objet et champ d'application">
        <p>
          Les présentes conditions générales de vente (CGV) s'appliquent à toutes les commandes passées sur la
          boutique en ligne de {site.name} par des clients particuliers ou professionnels. Toute commande
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
          Les prix sont indiqués en euros, toutes taxes comprises. {deliveryTerms(delivery)} Le total,
          livraison comprise, est affiché avant le bouton « {ORDER_BUTTON_LABEL} ». {site.name} se réserve le
          droit de modifier ses prix à tout moment ; les produits sont facturés au prix en vigueur lors de la
          validation de la commande. Lorsqu'un produit est en promotion, le prix promotionnel affiché
          s'applique.
        </p>
      </Article>
      <Article title="Article 4 – Commande">
        <p>
          Le client sélectionne les produits, vérifie le contenu de son panier puis renseigne ses coordonnées
          et le mode de livraison choisi (livraison ou retrait en boutique). Il vérifie le total affiché et
          valide sa commande avec le bouton « {ORDER_BUTTON_LABEL} », qui l'engage à payer ce total. Si le
          montant a changé entre-temps, la commande n'est pas enregistrée : le nouveau total est affiché et le
          client confirme à nouveau. La commande est enregistrée à sa validation et un numéro de commande est
          attribué. Un email de confirmation, contenant le lien vers la commande et le formulaire de
          rétractation, est adressé au client.
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
          Conformément aux articles L221-18 et suivants du Code de la consommation, le client consommateur
          dispose d'un délai de {WITHDRAWAL_DAYS} jours à compter du jour de la réception des produits pour
          exercer son droit de rétractation, sans avoir à motiver sa décision ni à supporter d'autres coûts
          que les frais de retour. Il peut l'exercer dès la commande, avant même la réception.
        </p>
        <p>
          Pour se rétracter, le client utilise le bouton « Renoncer au contrat ici » de la page de sa commande
          (accessible depuis son compte ou depuis le lien de l'email de confirmation), puis confirme avec le
          bouton « Confirmer la rétractation » ; un accusé de réception lui est aussitôt envoyé par email,
          indiquant le contenu de sa rétractation, sa date et son heure. Il peut aussi nous adresser le
          formulaire ci-dessous ou toute autre déclaration dénuée d'ambiguïté, {contactLine}.
        </p>
        <p>
          Le client renvoie ou rapporte les produits au plus tard {RETURN_DAYS} jours après sa rétractation ;
          les frais de retour sont à sa charge. Nous remboursons la totalité des sommes versées, frais de
          livraison standard compris, au plus tard {REFUND_DAYS} jours après avoir été informés de la
          rétractation, par le même moyen de paiement que celui utilisé pour la commande. Nous pouvons
          différer le remboursement jusqu'à la récupération des produits ou jusqu'à ce que le client ait
          fourni une preuve de leur expédition.
        </p>
        <p>{HYGIENE_NOTICE}</p>
        <div className="rounded-lg border bg-muted/50 p-4" data-testid="withdrawal-form-model">
          <h3 className="font-semibold">{WITHDRAWAL_FORM_TITLE}</h3>
          {withdrawalFormLines({ name: site.name, address: site.address, email: site.email }).map((line) => (
            <p key={line} className="mt-2 text-sm">
              {line}
            </p>
          ))}
        </div>
      </Article>
      <Article title="Article 8 – Garanties">
        <div className="rounded-lg border-2 border-primary/40 p-4" data-testid="legal-guarantee-box">
          <h3 className="font-semibold">{LEGAL_GUARANTEE_TITLE}</h3>
          {LEGAL_GUARANTEE_BOX.map((line) => (
            <p key={line} className="mt-2 text-sm">
              {line}
            </p>
          ))}
        </div>
      </Article>
      <Article title="Article 9 – Données personnelles">
        <p>
          Les données collectées lors de la commande sont nécessaires à son traitement. Leur utilisation est
          décrite dans notre <Link to="/politique-confidentialite">politique de confidentialité</Link>.
        </p>
      </Article>
      <Article title="Article 10 – Litiges et droit applicable">
        <p>
          Les présentes CGV sont soumises au droit français. En cas de différend, le client adresse d'abord
          une réclamation écrite à {site.name}.
          {site.mediator.name ? (
            <>
              {' '}
              À défaut de solution, il peut recourir gratuitement au médiateur de la consommation dont nous
              relevons (articles L612-1 et suivants du Code de la consommation) : {site.mediator.name}
              {site.mediator.address ? `, ${site.mediator.address}` : ''}
              {site.mediator.website ? (
                <>
                  , <a href={site.mediator.website}>{site.mediator.website}</a>
                </>
              ) : null}
              .
            </>
          ) : null}{' '}
          À défaut d'accord amiable, les tribunaux français sont compétents.
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
  const { identity: site } = useSiteSettings();
  const contactLine = <ContactLine site={site} />;
  return (
    <>
      <Article title="1. Responsable du traitement">
        <p>
          {site.name}, {site.address}, est responsable du traitement des données personnelles collectées sur
          ce site. Pour toute question, vous pouvez nous joindre {contactLine}.
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
          Vos données sont destinées exclusivement à {site.name} et, le cas échéant, à ses prestataires
          techniques (hébergement) agissant sur instruction, dans l'Union européenne.
        </p>
      </Article>
      <Article title="5. Durée de conservation">
        <p>
          Les données sont conservées le temps nécessaire à chaque finalité, au plus pendant les durées
          ci-dessous, sauf obligation légale de conservation plus longue (par exemple les factures, conservées
          10 ans).
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
          <li>
            Demandes d’intervention sans compte : vos coordonnées sont effacées{' '}
            {frenchPeriod(retention.interventionRequestMonths)} après notre dernier échange ; les rapports
            d’intervention et les factures restent conservés 10 ans.
          </li>
          <li>
            Contrats d’entretien sans compte : vos coordonnées sont effacées{' '}
            {frenchPeriod(retention.contractMonths)} après la fin du contrat.
          </li>
          <li>Emails envoyés par la boutique : {retention.mailDays} jours.</li>
        </ul>
        <p>
          Depuis votre compte (onglet « Mes données »), vous pouvez télécharger vos données et supprimer votre
          compte. Sans compte, le lien de votre commande reçu par email permet de télécharger les données de
          cette commande. Les factures et avoirs sont conservés 10 ans, comme la loi l'exige, même après la
          suppression de vos données.
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
