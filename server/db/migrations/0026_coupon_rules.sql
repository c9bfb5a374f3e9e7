-- Coupons (issue 21): GET /api/recurly/coupon listed every active coupon to every owner, and any
-- number of coupons stacked on one subscription. Now a coupon is listed only when it is marked
-- public (others are redeemed by their code alone), and combines with others only when every
-- coupon in effect on the subscription is marked stackable. Existing coupons are neither: a coupon
-- shown or combined is a decision someone makes.
alter table coupons
  add column public boolean not null default false,
  add column stackable boolean not null default false;
