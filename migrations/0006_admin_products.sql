-- Back-office products: the admin list pages through every product, newest first, hidden ones
-- included; uploaded images that no product or order line uses are swept after a grace period.
create index products_admin_list_idx on products (created_at desc, id desc);

-- Sweeping unreferenced uploads looks at old images only.
create index images_created_at_idx on images (created_at);

-- Product rows name their images by URL (/images/<id>): these find whether an image is in use.
create index products_main_image_idx on products (main_image) where main_image is not null;
create index products_additional_images_idx on products using gin (additional_images);
create index order_items_image_idx on order_items (image) where image is not null;
