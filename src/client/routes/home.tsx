import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { scrollToSection } from '../features/marketing/anchor-link';
import { SiteLayout } from '../features/marketing/layout';
import { About, Partners, SanitaryContract, Testimonials } from '../features/marketing/sections/about';
import { ContactSection } from '../features/marketing/sections/contact';
import { Hero } from '../features/marketing/sections/hero';
import { RodentServices, Rubriques, Specialities } from '../features/marketing/sections/pests';
import { Reasons, ShopTeaser, Suppliers, Zone } from '../features/marketing/sections/reasons-zone';
import { Services } from '../features/marketing/sections/services';
import { HOME_META, usePageMeta } from '../features/marketing/seo';

/** The landing page: every section of visitor-site.md §2, in order, with its anchor. */
export default function Home() {
  usePageMeta(HOME_META);
  const { hash } = useLocation();
  // Arriving from another page with /#section: this chunk may load after the router's scroll.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on arrival
  useEffect(() => {
    const target = hash && document.getElementById(decodeURIComponent(hash.slice(1)));
    if (target) scrollToSection(target);
  }, []);
  return (
    <SiteLayout>
      <Hero />
      <Services />
      <Specialities />
      <Rubriques />
      <RodentServices />
      <Reasons />
      <Zone />
      <ShopTeaser />
      <Suppliers />
      <SanitaryContract />
      <About />
      <Partners />
      <Testimonials />
      <ContactSection />
    </SiteLayout>
  );
}
