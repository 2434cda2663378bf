-- Settings money in integer cents everywhere (issue 22): the current row already keeps cents
-- (0011); the history kept each save's settings as the screen had them, with euros. Rewrite those
-- to the cents fields the settings now have, to the cent; nothing else in a saved set changes.
update shop_settings_history
   set settings = (settings - 'freeShippingThreshold' - 'defaultShippingCost')
       || jsonb_build_object(
            'freeShippingThresholdCents', round((settings ->> 'freeShippingThreshold')::numeric * 100)::int,
            'defaultShippingCostCents', round((settings ->> 'defaultShippingCost')::numeric * 100)::int)
 where settings ? 'freeShippingThreshold' and settings ? 'defaultShippingCost';
