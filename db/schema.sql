--
-- The current schema: what every migration in migrations/ adds up to today. Generated, do not edit:
-- `npm run db:schema` rewrites this file and app/platform/db/db-schema.generated.ts
-- (docs/architecture.md, "One current schema").
--
--
-- PostgreSQL database dump
--

--
-- Name: delete_attachment_bytes(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.delete_attachment_bytes() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
    BEGIN
      DELETE FROM stored_files WHERE key = OLD.storage_key;
      RETURN OLD;
    END
    $$;

--
-- Name: FUNCTION delete_attachment_bytes(); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.delete_attachment_bytes() IS 'Decisions 052 and 057: a chapter attachment''s or chapter image''s file in stored_files (and by the cascade its parts) is deleted with its row, also when a chapter or course delete cascades.';

--
-- Name: early_bonus_for_buyer(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.early_bonus_for_buyer() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
    DECLARE
      spots integer;
    BEGIN
      IF NEW.product_key <> 'membership' OR NEW.source_kind NOT IN ('stripe_order', 'stripe_subscription', 'marketplace_order') THEN RETURN NULL; END IF;

      IF NEW.revoked_at IS NOT NULL THEN
        -- The membership ended: so does its bonus; within the guarantee, its spot opens again.
        UPDATE entitlements SET revoked_at = NEW.revoked_at,
          revoke_reason = CASE WHEN NEW.revoked_at < NEW.granted_at + interval '30 days'
                               THEN 'membership ended within the guarantee' ELSE 'membership ended' END
        WHERE source_kind = 'launch_bonus' AND source_ref = NEW.id::text AND revoked_at IS NULL;
        RETURN NULL;
      END IF;

      IF TG_OP = 'UPDATE' THEN
        -- A membership that was and stays in force (a webhook sent again) takes no spot: a reopened
        -- one goes to the next purchase, not to an older buyer's next update.
        IF OLD.revoked_at IS NULL THEN RETURN NULL; END IF;
        -- A subscription active again: a bonus that kept its spot comes back with it.
        UPDATE entitlements SET revoked_at = NULL, revoke_reason = NULL
        WHERE source_kind = 'launch_bonus' AND source_ref = NEW.id::text AND revoke_reason = 'membership ended';
      END IF;

      IF EXISTS (SELECT 1 FROM entitlements WHERE user_id = NEW.user_id AND source_kind = 'launch_bonus'
                 AND revoke_reason IS DISTINCT FROM 'membership ended within the guarantee') THEN
        RETURN NULL;
      END IF;
      SELECT early_bonus_buyers INTO spots FROM launch_settings;
      IF spots IS NULL OR early_bonus_spots_taken() >= spots THEN
        RETURN NULL;
      END IF;
      -- Spots remain: count again under the settings row's lock, so two buyers at once get one spot each.
      SELECT early_bonus_buyers INTO spots FROM launch_settings FOR UPDATE;
      IF early_bonus_spots_taken() < spots THEN
        -- A membership whose bonus gave its spot back takes one again on the same row.
        INSERT INTO entitlements (user_id, product_key, source_kind, source_ref)
        VALUES (NEW.user_id, 'early_bonus', 'launch_bonus', NEW.id::text)
        ON CONFLICT (source_kind, source_ref) DO UPDATE SET
          revoked_at = NULL, revoke_reason = NULL, granted_at = EXCLUDED.granted_at;
      END IF;
      RETURN NULL;
    END $$;

--
-- Name: FUNCTION early_bonus_for_buyer(); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.early_bonus_for_buyer() IS 'Decision 053 as amended by 069 (the early bonus is counted): the first launch_settings.early_bonus_buyers buyers of the membership get the early bonus, which ends with the membership that earned it; a membership that ends within the money-back guarantee gives its spot back.';

--
-- Name: early_bonus_spots_taken(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.early_bonus_spots_taken() RETURNS bigint
    LANGUAGE sql STABLE
    AS $$
      SELECT count(*) FROM entitlements
      WHERE source_kind = 'launch_bonus' AND revoke_reason IS DISTINCT FROM 'membership ended within the guarantee'
    $$;

--
-- Name: FUNCTION early_bonus_spots_taken(); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.early_bonus_spots_taken() IS 'Decision 069: the early-bonus spots taken, every bonus ever given except those whose membership ended within the money-back guarantee.';

--
-- Name: entitlement_from_grant(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.entitlement_from_grant() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
    BEGIN
      INSERT INTO entitlements (user_id, product_key, source_kind, source_ref, granted_at, expires_at, revoked_at, revoke_reason)
      VALUES (NEW.user_id, NEW.product_key, 'grant', NEW.id::text, NEW.created_at, NEW.expires_at, NEW.revoked_at,
              CASE WHEN NEW.revoked_at IS NOT NULL THEN 'revoked by an admin' END)
      ON CONFLICT (source_kind, source_ref) DO UPDATE SET
        product_key = EXCLUDED.product_key, expires_at = EXCLUDED.expires_at,
        revoked_at = EXCLUDED.revoked_at, revoke_reason = EXCLUDED.revoke_reason;
      RETURN NULL;
    END $$;

--
-- Name: FUNCTION entitlement_from_grant(); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.entitlement_from_grant() IS 'Decision 051: an admin''s access grant is mirrored whole in its entitlement: its product, expiry and revocation.';

--
-- Name: entitlement_from_marketplace_order(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.entitlement_from_marketplace_order() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
    DECLARE
      product text := coalesce(NEW.product_key, CASE WHEN NEW.grants_membership THEN 'membership' END);
    BEGIN
      IF NEW.user_id IS NULL OR product IS NULL THEN RETURN NULL; END IF;
      INSERT INTO entitlements (user_id, product_key, source_kind, source_ref, granted_at, revoked_at, revoke_reason)
      VALUES (NEW.user_id, product, 'marketplace_order', NEW.id::text, now(), NEW.refunded_at,
              CASE WHEN NEW.refunded_at IS NOT NULL THEN 'refunded' END)
      ON CONFLICT (source_kind, source_ref) DO UPDATE SET
        revoked_at = coalesce(entitlements.revoked_at, EXCLUDED.revoked_at),
        revoke_reason = coalesce(entitlements.revoke_reason, EXCLUDED.revoke_reason);
      RETURN NULL;
    END $$;

--
-- Name: FUNCTION entitlement_from_marketplace_order(); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.entitlement_from_marketplace_order() IS 'Decision 051: a marketplace (WarriorPlus) order grants its product once it belongs to an account, and its refund revokes that entitlement.';

--
-- Name: entitlement_from_stripe_order(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.entitlement_from_stripe_order() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
    DECLARE
      owner uuid := coalesce(NEW.user_id, (SELECT user_id FROM stripe_customers WHERE customer_id = NEW.customer_id));
      product text := CASE WHEN NEW.product_key IS NULL OR NEW.product_key IN ('AI_PROFIT_LABS', 'AI_PROFIT_LABS_TRIAL')
                           THEN 'membership' ELSE NEW.product_key END;
    BEGIN
      IF owner IS NULL OR NOT EXISTS (SELECT 1 FROM products WHERE key = product) THEN RETURN NULL; END IF;
      IF NEW.status = 'completed' THEN
        INSERT INTO entitlements (user_id, product_key, source_kind, source_ref)
        VALUES (owner, product, 'stripe_order', NEW.id::text)
        ON CONFLICT (source_kind, source_ref) DO NOTHING;
      ELSIF NEW.status IN ('refunded', 'disputed', 'canceled') THEN
        UPDATE entitlements SET revoked_at = coalesce(revoked_at, now()), revoke_reason = coalesce(revoke_reason, NEW.status)
        WHERE source_kind = 'stripe_order' AND source_ref = NEW.id::text;
      END IF;
      RETURN NULL;
    END $$;

--
-- Name: FUNCTION entitlement_from_stripe_order(); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.entitlement_from_stripe_order() IS 'Decision 051: a completed Stripe order grants its product (the membership for a membership offer) as exactly one entitlement, and its refund, dispute or cancellation revokes that entitlement.';

--
-- Name: entitlement_from_stripe_subscription(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.entitlement_from_stripe_subscription() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
    DECLARE
      owner uuid := (SELECT user_id FROM stripe_customers WHERE customer_id = NEW.customer_id);
      active boolean := NEW.status IN ('active', 'trialing');
    BEGIN
      IF owner IS NULL THEN RETURN NULL; END IF;
      INSERT INTO entitlements (user_id, product_key, source_kind, source_ref, revoked_at, revoke_reason)
      VALUES (owner, 'membership', 'stripe_subscription', NEW.subscription_id,
              CASE WHEN active THEN NULL ELSE now() END, CASE WHEN active THEN NULL ELSE NEW.status END)
      ON CONFLICT (source_kind, source_ref) DO UPDATE SET
        revoked_at = CASE WHEN active THEN NULL ELSE coalesce(entitlements.revoked_at, now()) END,
        revoke_reason = CASE WHEN active THEN NULL ELSE NEW.status END;
      RETURN NULL;
    END $$;

--
-- Name: FUNCTION entitlement_from_stripe_subscription(); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.entitlement_from_stripe_subscription() IS 'Decision 051: a Stripe subscription''s membership entitlement is active exactly while the subscription is active or trialing.';

--
-- Name: has_paid_access(uuid); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.has_paid_access(user_uuid uuid) RETURNS boolean
    LANGUAGE sql STABLE
    AS $$
      SELECT EXISTS (
        SELECT 1 FROM entitlements
        WHERE user_id = user_uuid AND product_key = 'membership' AND revoked_at IS NULL
          AND (expires_at IS NULL OR expires_at > now()))
    $$;

--
-- Name: FUNCTION has_paid_access(user_uuid uuid); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.has_paid_access(user_uuid uuid) IS 'Decision 007, the one definition of paid: the user has an active membership entitlement (not revoked, not expired).';

--
-- Name: lead_became_customer(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.lead_became_customer() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
    DECLARE
      address text := (SELECT lower(email) FROM users WHERE id = NEW.user_id);
    BEGIN
      IF NEW.product_key = 'starter' OR NEW.revoked_at IS NOT NULL OR address IS NULL THEN RETURN NULL; END IF;
      UPDATE leads SET customer_at = coalesce(customer_at, now()) WHERE email = address;
      UPDATE email_outbox SET canceled_at = now()
      WHERE to_address = address AND category = 'sequence' AND sent_at IS NULL AND canceled_at IS NULL;
      RETURN NULL;
    END $$;

--
-- Name: FUNCTION lead_became_customer(); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.lead_became_customer() IS 'Decision 054 (buying stops the training): any entitlement but starter makes the buyer''s lead a customer and cancels its training emails not yet sent.';

--
-- Name: paid_access_sources(uuid); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.paid_access_sources(user_uuid uuid) RETURNS text[]
    LANGUAGE plpgsql STABLE
    AS $$
    BEGIN
      RETURN (SELECT coalesce(array_agg(label ORDER BY rank), '{}') FROM (
        SELECT DISTINCT
          CASE source_kind WHEN 'stripe_order' THEN 'Stripe' WHEN 'stripe_subscription' THEN 'Stripe'
            WHEN 'marketplace_order' THEN 'WarriorPlus' WHEN 'grant' THEN 'Complimentary'
            WHEN 'lead_signup' THEN 'Lead signup' ELSE 'Launch bonus' END AS label,
          CASE source_kind WHEN 'stripe_order' THEN 1 WHEN 'stripe_subscription' THEN 1
            WHEN 'marketplace_order' THEN 2 WHEN 'grant' THEN 3 WHEN 'lead_signup' THEN 4 ELSE 5 END AS rank
        FROM entitlements
        WHERE user_id = user_uuid AND product_key = 'membership' AND revoked_at IS NULL
          AND (expires_at IS NULL OR expires_at > now())
      ) labels);
    END
    $$;

--
-- Name: FUNCTION paid_access_sources(user_uuid uuid); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.paid_access_sources(user_uuid uuid) IS 'Decision 007: the labels of where a user''s active membership comes from (Stripe, WarriorPlus, Complimentary, Lead signup, Launch bonus), for the admin pages.';

--
-- Name: starter_for_new_lead(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.starter_for_new_lead() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
    BEGIN
      INSERT INTO entitlements (user_id, product_key, source_kind, source_ref)
      SELECT u.id, 'starter', 'lead_signup', NEW.id::text FROM users u
      WHERE lower(u.email) = NEW.email AND u.email_verified_at IS NOT NULL
      ON CONFLICT (source_kind, source_ref) DO NOTHING;
      RETURN NULL;
    END $$;

--
-- Name: FUNCTION starter_for_new_lead(); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.starter_for_new_lead() IS 'Decision 054 (starter access by trigger): a new lead whose address belongs to a verified account gives that account the starter product.';

--
-- Name: starter_for_verified_lead(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.starter_for_verified_lead() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
    BEGIN
      IF NEW.email_verified_at IS NULL THEN RETURN NULL; END IF;
      INSERT INTO entitlements (user_id, product_key, source_kind, source_ref)
      SELECT NEW.id, 'starter', 'lead_signup', l.id::text FROM leads l WHERE l.email = lower(NEW.email)
      ON CONFLICT (source_kind, source_ref) DO NOTHING;
      RETURN NULL;
    END $$;

--
-- Name: FUNCTION starter_for_verified_lead(); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.starter_for_verified_lead() IS 'Decision 054 (starter access by trigger): an account whose address becomes verified gets the starter product when a lead has that address.';

--
-- Name: access_grants; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.access_grants (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    reason text NOT NULL,
    expires_at timestamp with time zone,
    granted_by uuid,
    revoked_at timestamp with time zone,
    revoked_by uuid,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    product_key text DEFAULT 'membership'::text NOT NULL,
    CONSTRAINT access_grants_reason_check CHECK (((length(TRIM(BOTH FROM reason)) >= 1) AND (length(TRIM(BOTH FROM reason)) <= 500)))
);

--
-- Name: COLUMN access_grants.product_key; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.access_grants.product_key IS 'The product the grant gives (migration 0015; every older grant gave the membership).';

--
-- Name: admin_audit_log; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.admin_audit_log (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    admin_id uuid,
    admin_email text NOT NULL,
    action text NOT NULL,
    member_id uuid,
    details jsonb DEFAULT '{}'::jsonb NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

--
-- Name: announcements; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.announcements (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    subject text NOT NULL,
    body text NOT NULL,
    audience text NOT NULL,
    created_by uuid,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    sent_at timestamp with time zone,
    recipients integer,
    CONSTRAINT announcements_audience_check CHECK ((audience = ANY (ARRAY['members'::text, 'accounts'::text, 'leads'::text, 'service'::text]))),
    CONSTRAINT announcements_body_check CHECK (((length(TRIM(BOTH FROM body)) >= 1) AND (length(TRIM(BOTH FROM body)) <= 20000))),
    CONSTRAINT announcements_subject_check CHECK (((length(TRIM(BOTH FROM subject)) >= 1) AND (length(TRIM(BOTH FROM subject)) <= 200)))
);

--
-- Name: COLUMN announcements.sent_at; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.announcements.sent_at IS 'Set once, by the first ''Send to N recipients'': a second click queues nothing.';

--
-- Name: auth_factors; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.auth_factors (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    factor_type text NOT NULL,
    status text NOT NULL,
    secret text NOT NULL,
    last_used_step bigint,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    verified_at timestamp with time zone,
    enrolment_session_hash text,
    CONSTRAINT auth_factors_factor_type_check CHECK ((factor_type = ANY (ARRAY['totp'::text, 'phone'::text]))),
    CONSTRAINT auth_factors_status_check CHECK ((status = ANY (ARRAY['unverified'::text, 'verified'::text])))
);

--
-- Name: COLUMN auth_factors.secret; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.auth_factors.secret IS 'The TOTP secret, base32.';

--
-- Name: COLUMN auth_factors.last_used_step; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.auth_factors.last_used_step IS 'The time step of the last code accepted: no code of that step or earlier works again.';

--
-- Name: COLUMN auth_factors.enrolment_session_hash; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.auth_factors.enrolment_session_hash IS 'A pending factor: the session that started the enrolment, the only one that sees it (migration 0012).';

--
-- Name: certificates; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.certificates (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    code text NOT NULL,
    user_id uuid,
    course_id uuid,
    recipient_name text NOT NULL,
    course_title text NOT NULL,
    completed_at timestamp with time zone NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

--
-- Name: chapter_attachments; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.chapter_attachments (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    chapter_id uuid NOT NULL,
    file_name text NOT NULL,
    content_type text NOT NULL,
    size_bytes integer NOT NULL,
    storage_key text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT chapter_attachments_file_name_check CHECK (((length(file_name) >= 1) AND (length(file_name) <= 200))),
    CONSTRAINT chapter_attachments_size_bytes_check CHECK ((size_bytes > 0))
);

--
-- Name: TABLE chapter_attachments; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON TABLE public.chapter_attachments IS 'A chapter''s downloadable file (issue 25); its bytes are in the file store under storage_key.';

--
-- Name: chapter_images; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.chapter_images (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    course_id uuid NOT NULL,
    content_type text NOT NULL,
    width integer NOT NULL,
    height integer NOT NULL,
    size_bytes integer NOT NULL,
    storage_key text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT chapter_images_height_check CHECK ((height > 0)),
    CONSTRAINT chapter_images_size_bytes_check CHECK ((size_bytes > 0)),
    CONSTRAINT chapter_images_width_check CHECK ((width > 0))
);

--
-- Name: TABLE chapter_images; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON TABLE public.chapter_images IS 'An image in a course''s chapters, its bytes in the file store (migration 0022, decision 057).';

--
-- Name: chapter_progress; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.chapter_progress (
    user_id uuid NOT NULL,
    chapter_id uuid NOT NULL,
    completed_at timestamp with time zone,
    last_viewed_at timestamp with time zone DEFAULT now() NOT NULL
);

--
-- Name: chapters; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.chapters (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    course_id uuid NOT NULL,
    title text NOT NULL,
    content text DEFAULT ''::text NOT NULL,
    sort_order integer NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    status text DEFAULT 'published'::text NOT NULL,
    CONSTRAINT chapters_status_check CHECK ((status = ANY (ARRAY['draft'::text, 'published'::text]))),
    CONSTRAINT chapters_title_check CHECK ((length(TRIM(BOTH FROM title)) > 0))
);

--
-- Name: community_settings; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.community_settings (
    id boolean DEFAULT true NOT NULL,
    invite_url text,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT community_settings_id_check CHECK (id)
);

--
-- Name: TABLE community_settings; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON TABLE public.community_settings IS 'The admin''s override of COMMUNITY_INVITE_URL (migration 0020): one row at most.';

--
-- Name: cookie_consents; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.cookie_consents (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    choice text NOT NULL,
    banner_version text NOT NULL,
    client_hash text,
    user_agent text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    user_id uuid,
    CONSTRAINT cookie_consents_choice_check CHECK ((choice = ANY (ARRAY['all'::text, 'essential'::text, 'none'::text])))
);

--
-- Name: COLUMN cookie_consents.user_id; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.cookie_consents.user_id IS 'The signed-in account that chose (migration 0021); null for a visitor.';

--
-- Name: courses; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.courses (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    title text NOT NULL,
    description text DEFAULT ''::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    status text DEFAULT 'published'::text NOT NULL,
    required_product text DEFAULT 'membership'::text NOT NULL,
    CONSTRAINT courses_status_check CHECK ((status = ANY (ARRAY['draft'::text, 'published'::text]))),
    CONSTRAINT courses_title_check CHECK ((length(TRIM(BOTH FROM title)) > 0))
);

--
-- Name: COLUMN courses.required_product; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.courses.required_product IS 'The product that opens the course (migration 0015): ''membership'' for every member.';

--
-- Name: custom_saas_applications; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.custom_saas_applications (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    project_name text NOT NULL,
    description text NOT NULL,
    availability text NOT NULL,
    hosting text NOT NULL,
    status text DEFAULT 'new'::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT custom_saas_applications_availability_check CHECK (((length(TRIM(BOTH FROM availability)) >= 1) AND (length(TRIM(BOTH FROM availability)) <= 500))),
    CONSTRAINT custom_saas_applications_description_check CHECK (((length(TRIM(BOTH FROM description)) >= 1) AND (length(TRIM(BOTH FROM description)) <= 5000))),
    CONSTRAINT custom_saas_applications_hosting_check CHECK ((hosting = ANY (ARRAY['recommend'::text, 'own'::text, 'undecided'::text]))),
    CONSTRAINT custom_saas_applications_project_name_check CHECK (((length(TRIM(BOTH FROM project_name)) >= 1) AND (length(TRIM(BOTH FROM project_name)) <= 120))),
    CONSTRAINT custom_saas_applications_status_check CHECK ((status = ANY (ARRAY['new'::text, 'in_progress'::text, 'delivered'::text, 'refunded'::text])))
);

--
-- Name: TABLE custom_saas_applications; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON TABLE public.custom_saas_applications IS 'A custom SaaS owner''s project application (migration 0015).';

--
-- Name: email_outbox; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.email_outbox (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    to_address text NOT NULL,
    subject text NOT NULL,
    text_body text NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    next_attempt_at timestamp with time zone DEFAULT now() NOT NULL,
    last_error text,
    sent_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    html_body text,
    sealed_links text,
    category text DEFAULT 'transactional'::text NOT NULL,
    send_after timestamp with time zone,
    sequence_step_id uuid,
    announcement_id uuid,
    claimed_at timestamp with time zone,
    canceled_at timestamp with time zone,
    forget_when_sent boolean DEFAULT false NOT NULL,
    CONSTRAINT email_outbox_category_check CHECK ((category = ANY (ARRAY['transactional'::text, 'sequence'::text, 'announcement'::text, 'service'::text])))
);

--
-- Name: COLUMN email_outbox.sealed_links; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.email_outbox.sealed_links IS 'The tokens of the message''s links, sealed (decision 046); null once sent or when it has none.';

--
-- Name: COLUMN email_outbox.category; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.email_outbox.category IS 'What the message is (decision 054): marketing (''sequence'', ''announcement'') can be unsubscribed from.';

--
-- Name: COLUMN email_outbox.send_after; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.email_outbox.send_after IS 'When a scheduled message (a training step) is due; null: at once.';

--
-- Name: COLUMN email_outbox.claimed_at; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.email_outbox.claimed_at IS 'The last claim for delivery: the send rate (MAIL_RATE_PER_MINUTE) counts these.';

--
-- Name: COLUMN email_outbox.canceled_at; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.email_outbox.canceled_at IS 'Never to be sent: its recipient unsubscribed or bought (the training), or the lead was deleted.';

--
-- Name: COLUMN email_outbox.forget_when_sent; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.email_outbox.forget_when_sent IS 'Delete the row once delivered (migration 0021): the farewell after an erasure.';

--
-- Name: email_sequence_steps; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.email_sequence_steps (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    sequence_key text NOT NULL,
    "position" integer NOT NULL,
    delay_hours integer NOT NULL,
    subject text NOT NULL,
    body text NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_by uuid,
    CONSTRAINT email_sequence_steps_body_check CHECK (((length(TRIM(BOTH FROM body)) >= 1) AND (length(TRIM(BOTH FROM body)) <= 20000))),
    CONSTRAINT email_sequence_steps_delay_hours_check CHECK (((delay_hours >= 0) AND (delay_hours <= 8760))),
    CONSTRAINT email_sequence_steps_position_check CHECK ((("position" >= 1) AND ("position" <= 50))),
    CONSTRAINT email_sequence_steps_sequence_key_check CHECK ((sequence_key = 'lead_training'::text)),
    CONSTRAINT email_sequence_steps_subject_check CHECK (((length(TRIM(BOTH FROM subject)) >= 1) AND (length(TRIM(BOTH FROM subject)) <= 200)))
);

--
-- Name: COLUMN email_sequence_steps.body; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.email_sequence_steps.body IS 'Markdown; {{name}} and {{site}} are filled in per message.';

--
-- Name: entitlements; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.entitlements (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    product_key text NOT NULL,
    source_kind text NOT NULL,
    source_ref text NOT NULL,
    granted_at timestamp with time zone DEFAULT now() NOT NULL,
    expires_at timestamp with time zone,
    revoked_at timestamp with time zone,
    revoke_reason text,
    CONSTRAINT entitlements_revoke_reason_check CHECK ((length(revoke_reason) <= 500)),
    CONSTRAINT entitlements_source_kind_check CHECK ((source_kind = ANY (ARRAY['stripe_order'::text, 'stripe_subscription'::text, 'marketplace_order'::text, 'grant'::text, 'lead_signup'::text, 'launch_bonus'::text])))
);

--
-- Name: TABLE entitlements; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON TABLE public.entitlements IS 'Who owns which product and why (migration 0015, decision 051); kept in step with its source row by triggers.';

--
-- Name: erasures; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.erasures (
    pseudonym text NOT NULL,
    requested_by text NOT NULL,
    erased_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT erasures_requested_by_check CHECK ((requested_by = ANY (ARRAY['member'::text, 'admin'::text])))
);

--
-- Name: TABLE erasures; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON TABLE public.erasures IS 'One row per erased person (migration 0021, decision 056): the pseudonym their orders keep.';

--
-- Name: held_grants; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.held_grants (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    email text NOT NULL,
    product_key text NOT NULL,
    reason text NOT NULL,
    expires_at timestamp with time zone,
    granted_by uuid,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT held_grants_email_check CHECK ((email = lower(email)))
);

--
-- Name: TABLE held_grants; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON TABLE public.held_grants IS 'An admin''s grant held for an address whose account holder has not proven to own it (decision 067): it joins the account when the address''s owner claims it.';

--
-- Name: COLUMN held_grants.email; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.held_grants.email IS 'The address the grant was made for (lower case); the claim link was mailed to it.';

--
-- Name: COLUMN held_grants.granted_by; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.held_grants.granted_by IS 'The admin who made the grant; null once that account is gone.';

--
-- Name: known_devices; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.known_devices (
    user_id uuid NOT NULL,
    device text NOT NULL,
    first_seen_at timestamp with time zone DEFAULT now() NOT NULL,
    last_seen_at timestamp with time zone DEFAULT now() NOT NULL
);

--
-- Name: kysely_migration; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.kysely_migration (
    name character varying(255) NOT NULL,
    "timestamp" character varying(255) NOT NULL
);

--
-- Name: kysely_migration_lock; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.kysely_migration_lock (
    id character varying(255) NOT NULL,
    is_locked integer DEFAULT 0 NOT NULL
);

--
-- Name: launch_settings; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.launch_settings (
    id boolean DEFAULT true NOT NULL,
    cart_opens_at timestamp with time zone,
    cart_closes_at timestamp with time zone,
    time_zone text NOT NULL,
    early_bonus_buyers integer NOT NULL,
    custom_saas_capacity integer NOT NULL,
    custom_saas_booked_elsewhere integer NOT NULL,
    full_blast_starts_at timestamp with time zone,
    winners_announced_at timestamp with time zone,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    contest_prizes_cents integer[] DEFAULT ARRAY[35000, 25000, 15000] NOT NULL,
    CONSTRAINT launch_settings_check CHECK (((cart_closes_at IS NULL) OR (cart_opens_at IS NULL) OR (cart_closes_at > cart_opens_at))),
    CONSTRAINT launch_settings_contest_prizes_cents_check CHECK ((((cardinality(contest_prizes_cents) >= 1) AND (cardinality(contest_prizes_cents) <= 10)) AND (0 <= ALL (contest_prizes_cents)) AND (100000000 >= ALL (contest_prizes_cents)))),
    CONSTRAINT launch_settings_custom_saas_booked_elsewhere_check CHECK ((custom_saas_booked_elsewhere >= 0)),
    CONSTRAINT launch_settings_custom_saas_capacity_check CHECK ((custom_saas_capacity >= 0)),
    CONSTRAINT launch_settings_early_bonus_buyers_check CHECK ((early_bonus_buyers >= 0)),
    CONSTRAINT launch_settings_id_check CHECK (id)
);

--
-- Name: TABLE launch_settings; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON TABLE public.launch_settings IS 'The launch settings, at most one row (migration 0017; /admin/launch).';

--
-- Name: COLUMN launch_settings.contest_prizes_cents; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.launch_settings.contest_prizes_cents IS 'The affiliate contest''s prizes in cents, first place first (/admin/launch ''Contest prizes''; issue 40).';

--
-- Name: leads; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.leads (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    email text NOT NULL,
    name text DEFAULT ''::text NOT NULL,
    source text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    unsubscribed_at timestamp with time zone,
    customer_at timestamp with time zone,
    CONSTRAINT leads_email_check CHECK (((email = lower(email)) AND ((length(email) >= 3) AND (length(email) <= 254))))
);

--
-- Name: COLUMN leads.unsubscribed_at; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.leads.unsubscribed_at IS 'Unsubscribed from every marketing email (decision 054; migrations 0019 and 0021); null: subscribed.';

--
-- Name: COLUMN leads.customer_at; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.leads.customer_at IS 'Bought something: the training stops, the admin sees ''Customer''.';

--
-- Name: legal_documents; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.legal_documents (
    path text NOT NULL,
    fingerprint text NOT NULL,
    changed_at timestamp with time zone NOT NULL
);

--
-- Name: TABLE legal_documents; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON TABLE public.legal_documents IS 'When each legal page''s printed text (its wording and the settings it prints) last changed (migration 0026, issue 40).';

--
-- Name: COLUMN legal_documents.fingerprint; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.legal_documents.fingerprint IS 'SHA-256 of the page as printed, without its date.';

--
-- Name: COLUMN legal_documents.changed_at; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.legal_documents.changed_at IS 'The start that first printed this fingerprint.';

--
-- Name: mfa_challenges; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.mfa_challenges (
    id_hash text NOT NULL,
    user_id uuid NOT NULL,
    redirect_to text,
    special_access boolean DEFAULT false NOT NULL,
    failures integer DEFAULT 0 NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    password_typed boolean DEFAULT true NOT NULL
);

--
-- Name: COLUMN mfa_challenges.id_hash; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.mfa_challenges.id_hash IS 'SHA-256 of the id in the half-signed-in cookie.';

--
-- Name: COLUMN mfa_challenges.password_typed; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.mfa_challenges.password_typed IS 'False when an emailed sign-in link, not a password, began it (migration 0020).';

--
-- Name: stripe_customers; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.stripe_customers (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid,
    customer_id text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    erased_as text
);

--
-- Name: COLUMN stripe_customers.user_id; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.stripe_customers.user_id IS 'Null once the user is erased (migration 0021): the customer stays for accounting.';

--
-- Name: COLUMN stripe_customers.erased_as; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.stripe_customers.erased_as IS 'The pseudonym of the erased user (migration 0021).';

--
-- Name: stripe_orders; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.stripe_orders (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    checkout_session_id text NOT NULL,
    payment_intent_id text,
    customer_id text,
    product_key text,
    amount_subtotal integer,
    amount_total integer,
    currency text,
    payment_status text,
    status text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    user_id uuid,
    price_id text,
    refunded_at timestamp with time zone,
    receipt_queued_at timestamp with time zone,
    refund_requested_at timestamp with time zone,
    refund_id text,
    erased_as text,
    paid_at timestamp with time zone,
    CONSTRAINT stripe_orders_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'completed'::text, 'refunded'::text, 'disputed'::text, 'canceled'::text])))
);

--
-- Name: COLUMN stripe_orders.user_id; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.stripe_orders.user_id IS 'Who started the checkout (set when the pending order is written); null on older rows.';

--
-- Name: COLUMN stripe_orders.receipt_queued_at; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.stripe_orders.receipt_queued_at IS 'Set once, in the transaction that queued the buyer''s receipt (so it is sent once).';

--
-- Name: COLUMN stripe_orders.refund_requested_at; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.stripe_orders.refund_requested_at IS 'An admin asked Stripe for a refund (migration 0020); cleared when Stripe refused.';

--
-- Name: COLUMN stripe_orders.refund_id; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.stripe_orders.refund_id IS 'Stripe''s refund id, once Stripe accepted the request.';

--
-- Name: COLUMN stripe_orders.erased_as; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.stripe_orders.erased_as IS 'The pseudonym of the erased buyer (migration 0021).';

--
-- Name: COLUMN stripe_orders.paid_at; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.stripe_orders.paid_at IS 'When the payment arrived (migration 0023): set once, as the order leaves pending for completed; the guarantee runs from it. created_at is when the checkout started.';

--
-- Name: warriorplus_orders; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.warriorplus_orders (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid,
    sale_id text NOT NULL,
    txn_id text,
    item_number text,
    item_name text,
    buyer_email text NOT NULL,
    buyer_name text,
    affiliate_id text,
    amount_cents integer,
    currency text,
    grants_membership boolean DEFAULT true NOT NULL,
    refunded_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    product_key text,
    erased_as text
);

--
-- Name: COLUMN warriorplus_orders.product_key; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.warriorplus_orders.product_key IS 'The catalogue product this sale is of (migration 0015); null for an item the catalogue does not list.';

--
-- Name: COLUMN warriorplus_orders.erased_as; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.warriorplus_orders.erased_as IS 'The pseudonym of the erased buyer (migration 0021); buyer_email then holds it too.';

--
-- Name: order_ledger; Type: VIEW; Schema: public; Owner: -
--

CREATE VIEW public.order_ledger AS
 SELECT 'stripe'::text AS source,
    o.id,
    c.user_id,
    o.created_at,
    o.product_key AS product,
    o.amount_total AS amount_cents,
    upper(o.currency) AS currency,
    o.status,
    o.refunded_at,
    o.checkout_session_id AS reference,
    NULL::text AS affiliate_id,
        CASE
            WHEN ((o.product_key IS NULL) OR (o.product_key = ANY (ARRAY['AI_PROFIT_LABS'::text, 'AI_PROFIT_LABS_TRIAL'::text]))) THEN 'membership'::text
            ELSE o.product_key
        END AS product_key
   FROM (public.stripe_orders o
     JOIN public.stripe_customers c ON ((c.customer_id = o.customer_id)))
UNION ALL
 SELECT 'warriorplus'::text AS source,
    w.id,
    w.user_id,
    w.created_at,
    COALESCE(w.item_name, w.item_number) AS product,
    w.amount_cents,
    upper(w.currency) AS currency,
        CASE
            WHEN (w.refunded_at IS NULL) THEN 'completed'::text
            ELSE 'refunded'::text
        END AS status,
    w.refunded_at,
    w.sale_id AS reference,
    w.affiliate_id,
    COALESCE(w.product_key,
        CASE
            WHEN w.grants_membership THEN 'membership'::text
            ELSE NULL::text
        END) AS product_key
   FROM public.warriorplus_orders w;

--
-- Name: VIEW order_ledger; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON VIEW public.order_ledger IS 'Every order of both sources (Stripe, WarriorPlus) in one shape, with the catalogue product when known: member page, purchases, receipts, recent orders and the orders export (migrations 0007, 0015).';

--
-- Name: products; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.products (
    key text NOT NULL,
    name text NOT NULL,
    launch_price_cents integer NOT NULL,
    regular_price_cents integer NOT NULL,
    launch_stripe_price_id text,
    marketplace_items text[] DEFAULT '{}'::text[] NOT NULL,
    sort_order integer NOT NULL,
    edited_at timestamp with time zone,
    edited_by uuid,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    regular_stripe_price_id text,
    marketplace_price_cents integer,
    CONSTRAINT products_key_check CHECK ((key ~ '^[a-z][a-z0-9_]{1,39}$'::text)),
    CONSTRAINT products_list_price_cents_check CHECK (((regular_price_cents >= 0) AND (regular_price_cents <= 100000000))),
    CONSTRAINT products_marketplace_price_cents_check CHECK (((marketplace_price_cents >= 0) AND (marketplace_price_cents <= 100000000))),
    CONSTRAINT products_name_check CHECK (((length(TRIM(BOTH FROM name)) >= 1) AND (length(TRIM(BOTH FROM name)) <= 120))),
    CONSTRAINT products_price_cents_check CHECK (((launch_price_cents >= 0) AND (launch_price_cents <= 100000000))),
    CONSTRAINT products_regular_not_below_launch CHECK ((regular_price_cents >= launch_price_cents)),
    CONSTRAINT products_regular_stripe_price_id_check CHECK ((regular_stripe_price_id ~ '^price_[A-Za-z0-9_]{1,200}$'::text)),
    CONSTRAINT products_stripe_price_id_check CHECK ((launch_stripe_price_id ~ '^price_[A-Za-z0-9_]{1,200}$'::text))
);

--
-- Name: TABLE products; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON TABLE public.products IS 'The catalogue (migration 0015, decision 051).';

--
-- Name: COLUMN products.launch_price_cents; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.products.launch_price_cents IS 'Decision 064: the price from ''Cart opens'' to ''Cart closes'', and while no dates are set, in cents.';

--
-- Name: COLUMN products.regular_price_cents; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.products.regular_price_cents IS 'Decision 064: the price after ''Cart closes'' and the struck-through price before it, in cents; never below the launch price.';

--
-- Name: COLUMN products.launch_stripe_price_id; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.products.launch_stripe_price_id IS 'Decision 064: the Stripe price the card checkout charges at the launch price.';

--
-- Name: COLUMN products.edited_at; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.products.edited_at IS 'Null until an admin saves the product: until then the start applies the environment''s seeds.';

--
-- Name: COLUMN products.regular_stripe_price_id; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.products.regular_stripe_price_id IS 'Decision 064: the Stripe price the card checkout charges after ''Cart closes''.';

--
-- Name: COLUMN products.marketplace_price_cents; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.products.marketplace_price_cents IS 'Decision 064: what the marketplace (WarriorPlus) charges, shown by the pages that sell there; null: not sold there at a price of its own.';

--
-- Name: rate_limits; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.rate_limits (
    key text NOT NULL,
    hits integer NOT NULL,
    reset_at timestamp with time zone NOT NULL,
    last_hit_at timestamp with time zone DEFAULT now() NOT NULL
);

--
-- Name: recovery_codes; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.recovery_codes (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    code_hash text NOT NULL,
    used_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

--
-- Name: sessions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.sessions (
    id_hash text NOT NULL,
    user_id uuid NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    user_agent text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    last_seen_at timestamp with time zone DEFAULT now() NOT NULL,
    aal text DEFAULT 'aal1'::text NOT NULL,
    password_verified_at timestamp with time zone,
    CONSTRAINT sessions_aal_check CHECK ((aal = ANY (ARRAY['aal1'::text, 'aal2'::text])))
);

--
-- Name: COLUMN sessions.id_hash; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.sessions.id_hash IS 'SHA-256 (hex) of the id in the cookie; the id itself is never stored.';

--
-- Name: COLUMN sessions.aal; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.sessions.aal IS 'Assurance level: aal1 after a password, aal2 after a password and a second factor.';

--
-- Name: COLUMN sessions.password_verified_at; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.sessions.password_verified_at IS 'When this session last proved the password: its sign-in, or a re-entry (migration 0012).';

--
-- Name: single_use_tokens; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.single_use_tokens (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    purpose text NOT NULL,
    user_id uuid,
    token_hash text NOT NULL,
    data jsonb,
    credential_epoch integer,
    expires_at timestamp with time zone NOT NULL,
    used_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT single_use_tokens_claim_by_address CHECK ((((purpose = 'claim'::text) = (user_id IS NULL)) AND ((user_id IS NULL) = (credential_epoch IS NULL)))),
    CONSTRAINT single_use_tokens_purpose_check CHECK ((purpose = ANY (ARRAY['password_reset'::text, 'email_verification'::text, 'email_change'::text, 'invitation'::text, 'sign_in'::text, 'claim'::text, 'account_deletion'::text])))
);

--
-- Name: COLUMN single_use_tokens.user_id; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.single_use_tokens.user_id IS 'The link''s account; null for a claim link, which belongs to the address in data (decision 067).';

--
-- Name: COLUMN single_use_tokens.token_hash; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.single_use_tokens.token_hash IS 'SHA-256 (hex) of the token in the link; the token itself is never stored.';

--
-- Name: COLUMN single_use_tokens.data; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.single_use_tokens.data IS 'What the link carries besides its user, e.g. { "newEmail": ... } for an email change.';

--
-- Name: COLUMN single_use_tokens.credential_epoch; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.single_use_tokens.credential_epoch IS 'The user''s credential_epoch when the link was issued.';

--
-- Name: stored_file_parts; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.stored_file_parts (
    key text NOT NULL,
    part integer NOT NULL,
    bytes bytea NOT NULL,
    CONSTRAINT stored_file_parts_bytes_check CHECK (((length(bytes) >= 1) AND (length(bytes) <= 65536))),
    CONSTRAINT stored_file_parts_part_check CHECK ((part >= 0))
);
ALTER TABLE ONLY public.stored_file_parts ALTER COLUMN bytes SET STORAGE EXTERNAL;

--
-- Name: TABLE stored_file_parts; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON TABLE public.stored_file_parts IS 'A stored file''s bytes in order, 64 KiB a part except the last (decision 068): written and read a part at a time.';

--
-- Name: stored_files; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.stored_files (
    key text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

--
-- Name: TABLE stored_files; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON TABLE public.stored_files IS 'A file in the PostgreSQL file store, by key; its bytes are its stored_file_parts (decisions 052, 068).';

--
-- Name: stripe_payment_reversals; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.stripe_payment_reversals (
    payment_intent_id text NOT NULL,
    kind text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT stripe_payment_reversals_kind_check CHECK ((kind = ANY (ARRAY['refunded'::text, 'disputed'::text])))
);

--
-- Name: stripe_subscriptions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.stripe_subscriptions (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    customer_id text NOT NULL,
    subscription_id text NOT NULL,
    price_id text,
    status text NOT NULL,
    current_period_end timestamp with time zone,
    cancel_at_period_end boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);

--
-- Name: stripe_user_orders; Type: VIEW; Schema: public; Owner: -
--

CREATE VIEW public.stripe_user_orders AS
 SELECT c.user_id,
    o.customer_id,
    o.checkout_session_id,
    o.payment_intent_id,
    o.amount_total,
    o.currency,
    o.status,
    o.created_at
   FROM (public.stripe_orders o
     JOIN public.stripe_customers c ON ((c.customer_id = o.customer_id)));

--
-- Name: VIEW stripe_user_orders; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON VIEW public.stripe_user_orders IS 'Stripe orders with the user of their Stripe customer.';

--
-- Name: stripe_user_subscriptions; Type: VIEW; Schema: public; Owner: -
--

CREATE VIEW public.stripe_user_subscriptions AS
 SELECT c.user_id,
    s.customer_id,
    s.subscription_id,
    s.status,
    s.current_period_end
   FROM (public.stripe_subscriptions s
     JOIN public.stripe_customers c ON ((c.customer_id = s.customer_id)));

--
-- Name: VIEW stripe_user_subscriptions; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON VIEW public.stripe_user_subscriptions IS 'Stripe subscriptions with the user of their Stripe customer.';

--
-- Name: users; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.users (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    email text NOT NULL,
    name text DEFAULT ''::text NOT NULL,
    password_hash text,
    is_admin boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    email_verified_at timestamp with time zone,
    credential_epoch integer DEFAULT 0 NOT NULL,
    owner_proven_at timestamp with time zone,
    news_opt_out_at timestamp with time zone,
    CONSTRAINT users_email_check CHECK (((email = lower(email)) AND ((length(email) >= 3) AND (length(email) <= 254))))
);

--
-- Name: COLUMN users.credential_epoch; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.users.credential_epoch IS 'Raised when the user''s credentials change; only links issued in the current epoch work.';

--
-- Name: COLUMN users.owner_proven_at; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.users.owner_proven_at IS 'When whoever holds the password was last shown to control the address (a password set through a link mailed to it, or the address confirmed from a session of the account). Null: the password may be a stranger''s, so marketplace purchases wait for a claim (decision 048).';

--
-- Name: COLUMN users.news_opt_out_at; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.users.news_opt_out_at IS '''Product news and announcements'' turned off (decision 054); null: on.';

--
-- Name: user_payment_status; Type: VIEW; Schema: public; Owner: -
--

CREATE VIEW public.user_payment_status AS
 SELECT u.id AS user_id,
    public.has_paid_access(u.id) AS has_paid
   FROM public.users u;

--
-- Name: VIEW user_payment_status; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON VIEW public.user_payment_status IS 'Decision 007: has_paid_access for every user.';

--
-- Name: webhook_events; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.webhook_events (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    provider text NOT NULL,
    event_id text NOT NULL,
    event_type text NOT NULL,
    received_at timestamp with time zone DEFAULT now() NOT NULL
);

--
-- Name: access_grants access_grants_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.access_grants
    ADD CONSTRAINT access_grants_pkey PRIMARY KEY (id);

--
-- Name: admin_audit_log admin_audit_log_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.admin_audit_log
    ADD CONSTRAINT admin_audit_log_pkey PRIMARY KEY (id);

--
-- Name: announcements announcements_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.announcements
    ADD CONSTRAINT announcements_pkey PRIMARY KEY (id);

--
-- Name: auth_factors auth_factors_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.auth_factors
    ADD CONSTRAINT auth_factors_pkey PRIMARY KEY (id);

--
-- Name: auth_factors auth_factors_user_id_factor_type_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.auth_factors
    ADD CONSTRAINT auth_factors_user_id_factor_type_key UNIQUE (user_id, factor_type);

--
-- Name: certificates certificates_code_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.certificates
    ADD CONSTRAINT certificates_code_key UNIQUE (code);

--
-- Name: certificates certificates_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.certificates
    ADD CONSTRAINT certificates_pkey PRIMARY KEY (id);

--
-- Name: certificates certificates_user_id_course_id_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.certificates
    ADD CONSTRAINT certificates_user_id_course_id_key UNIQUE (user_id, course_id);

--
-- Name: chapter_attachments chapter_attachments_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.chapter_attachments
    ADD CONSTRAINT chapter_attachments_pkey PRIMARY KEY (id);

--
-- Name: chapter_attachments chapter_attachments_storage_key_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.chapter_attachments
    ADD CONSTRAINT chapter_attachments_storage_key_key UNIQUE (storage_key);

--
-- Name: chapter_images chapter_images_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.chapter_images
    ADD CONSTRAINT chapter_images_pkey PRIMARY KEY (id);

--
-- Name: chapter_images chapter_images_storage_key_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.chapter_images
    ADD CONSTRAINT chapter_images_storage_key_key UNIQUE (storage_key);

--
-- Name: chapter_progress chapter_progress_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.chapter_progress
    ADD CONSTRAINT chapter_progress_pkey PRIMARY KEY (user_id, chapter_id);

--
-- Name: chapters chapters_course_sort_order_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.chapters
    ADD CONSTRAINT chapters_course_sort_order_key UNIQUE (course_id, sort_order) DEFERRABLE INITIALLY DEFERRED;

--
-- Name: chapters chapters_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.chapters
    ADD CONSTRAINT chapters_pkey PRIMARY KEY (id);

--
-- Name: community_settings community_settings_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.community_settings
    ADD CONSTRAINT community_settings_pkey PRIMARY KEY (id);

--
-- Name: cookie_consents cookie_consents_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.cookie_consents
    ADD CONSTRAINT cookie_consents_pkey PRIMARY KEY (id);

--
-- Name: courses courses_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.courses
    ADD CONSTRAINT courses_pkey PRIMARY KEY (id);

--
-- Name: custom_saas_applications custom_saas_applications_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.custom_saas_applications
    ADD CONSTRAINT custom_saas_applications_pkey PRIMARY KEY (id);

--
-- Name: email_outbox email_outbox_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.email_outbox
    ADD CONSTRAINT email_outbox_pkey PRIMARY KEY (id);

--
-- Name: email_sequence_steps email_sequence_steps_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.email_sequence_steps
    ADD CONSTRAINT email_sequence_steps_pkey PRIMARY KEY (id);

--
-- Name: email_sequence_steps email_sequence_steps_sequence_key_position_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.email_sequence_steps
    ADD CONSTRAINT email_sequence_steps_sequence_key_position_key UNIQUE (sequence_key, "position");

--
-- Name: entitlements entitlements_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.entitlements
    ADD CONSTRAINT entitlements_pkey PRIMARY KEY (id);

--
-- Name: erasures erasures_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.erasures
    ADD CONSTRAINT erasures_pkey PRIMARY KEY (pseudonym);

--
-- Name: held_grants held_grants_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.held_grants
    ADD CONSTRAINT held_grants_pkey PRIMARY KEY (id);

--
-- Name: known_devices known_devices_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.known_devices
    ADD CONSTRAINT known_devices_pkey PRIMARY KEY (user_id, device);

--
-- Name: kysely_migration_lock kysely_migration_lock_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.kysely_migration_lock
    ADD CONSTRAINT kysely_migration_lock_pkey PRIMARY KEY (id);

--
-- Name: kysely_migration kysely_migration_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.kysely_migration
    ADD CONSTRAINT kysely_migration_pkey PRIMARY KEY (name);

--
-- Name: launch_settings launch_settings_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.launch_settings
    ADD CONSTRAINT launch_settings_pkey PRIMARY KEY (id);

--
-- Name: leads leads_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.leads
    ADD CONSTRAINT leads_pkey PRIMARY KEY (id);

--
-- Name: legal_documents legal_documents_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.legal_documents
    ADD CONSTRAINT legal_documents_pkey PRIMARY KEY (path);

--
-- Name: mfa_challenges mfa_challenges_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.mfa_challenges
    ADD CONSTRAINT mfa_challenges_pkey PRIMARY KEY (id_hash);

--
-- Name: products products_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.products
    ADD CONSTRAINT products_pkey PRIMARY KEY (key);

--
-- Name: rate_limits rate_limits_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.rate_limits
    ADD CONSTRAINT rate_limits_pkey PRIMARY KEY (key);

--
-- Name: recovery_codes recovery_codes_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.recovery_codes
    ADD CONSTRAINT recovery_codes_pkey PRIMARY KEY (id);

--
-- Name: recovery_codes recovery_codes_user_id_code_hash_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.recovery_codes
    ADD CONSTRAINT recovery_codes_user_id_code_hash_key UNIQUE (user_id, code_hash);

--
-- Name: sessions sessions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sessions
    ADD CONSTRAINT sessions_pkey PRIMARY KEY (id_hash);

--
-- Name: single_use_tokens single_use_tokens_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.single_use_tokens
    ADD CONSTRAINT single_use_tokens_pkey PRIMARY KEY (id);

--
-- Name: single_use_tokens single_use_tokens_token_hash_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.single_use_tokens
    ADD CONSTRAINT single_use_tokens_token_hash_key UNIQUE (token_hash);

--
-- Name: stored_file_parts stored_file_parts_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.stored_file_parts
    ADD CONSTRAINT stored_file_parts_pkey PRIMARY KEY (key, part);

--
-- Name: stored_files stored_files_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.stored_files
    ADD CONSTRAINT stored_files_pkey PRIMARY KEY (key);

--
-- Name: stripe_customers stripe_customers_customer_id_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.stripe_customers
    ADD CONSTRAINT stripe_customers_customer_id_key UNIQUE (customer_id);

--
-- Name: stripe_customers stripe_customers_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.stripe_customers
    ADD CONSTRAINT stripe_customers_pkey PRIMARY KEY (id);

--
-- Name: stripe_orders stripe_orders_checkout_session_id_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.stripe_orders
    ADD CONSTRAINT stripe_orders_checkout_session_id_key UNIQUE (checkout_session_id);

--
-- Name: stripe_orders stripe_orders_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.stripe_orders
    ADD CONSTRAINT stripe_orders_pkey PRIMARY KEY (id);

--
-- Name: stripe_payment_reversals stripe_payment_reversals_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.stripe_payment_reversals
    ADD CONSTRAINT stripe_payment_reversals_pkey PRIMARY KEY (payment_intent_id);

--
-- Name: stripe_subscriptions stripe_subscriptions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.stripe_subscriptions
    ADD CONSTRAINT stripe_subscriptions_pkey PRIMARY KEY (id);

--
-- Name: stripe_subscriptions stripe_subscriptions_subscription_id_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.stripe_subscriptions
    ADD CONSTRAINT stripe_subscriptions_subscription_id_key UNIQUE (subscription_id);

--
-- Name: users users_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.users
    ADD CONSTRAINT users_pkey PRIMARY KEY (id);

--
-- Name: warriorplus_orders warriorplus_orders_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.warriorplus_orders
    ADD CONSTRAINT warriorplus_orders_pkey PRIMARY KEY (id);

--
-- Name: warriorplus_orders warriorplus_orders_sale_id_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.warriorplus_orders
    ADD CONSTRAINT warriorplus_orders_sale_id_key UNIQUE (sale_id);

--
-- Name: webhook_events webhook_events_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.webhook_events
    ADD CONSTRAINT webhook_events_pkey PRIMARY KEY (id);

--
-- Name: webhook_events webhook_events_provider_event_id_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.webhook_events
    ADD CONSTRAINT webhook_events_provider_event_id_key UNIQUE (provider, event_id);

--
-- Name: access_grants_user_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX access_grants_user_idx ON public.access_grants USING btree (user_id) WHERE (revoked_at IS NULL);

--
-- Name: admin_audit_log_created_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX admin_audit_log_created_idx ON public.admin_audit_log USING btree (created_at);

--
-- Name: admin_audit_log_member_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX admin_audit_log_member_idx ON public.admin_audit_log USING btree (member_id, created_at DESC);

--
-- Name: chapter_attachments_chapter_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX chapter_attachments_chapter_idx ON public.chapter_attachments USING btree (chapter_id, created_at);

--
-- Name: chapter_images_course_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX chapter_images_course_idx ON public.chapter_images USING btree (course_id);

--
-- Name: chapter_progress_chapter_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX chapter_progress_chapter_idx ON public.chapter_progress USING btree (chapter_id) INCLUDE (completed_at);

--
-- Name: chapter_progress_user_viewed_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX chapter_progress_user_viewed_idx ON public.chapter_progress USING btree (user_id, last_viewed_at DESC);

--
-- Name: cookie_consents_created_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX cookie_consents_created_at_idx ON public.cookie_consents USING btree (created_at);

--
-- Name: cookie_consents_user_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX cookie_consents_user_idx ON public.cookie_consents USING btree (user_id) WHERE (user_id IS NOT NULL);

--
-- Name: custom_saas_applications_created_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX custom_saas_applications_created_idx ON public.custom_saas_applications USING btree (created_at DESC);

--
-- Name: email_outbox_announcement_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX email_outbox_announcement_idx ON public.email_outbox USING btree (announcement_id) WHERE (announcement_id IS NOT NULL);

--
-- Name: email_outbox_claimed_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX email_outbox_claimed_idx ON public.email_outbox USING btree (claimed_at) WHERE (category <> 'transactional'::text);

--
-- Name: email_outbox_created_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX email_outbox_created_idx ON public.email_outbox USING btree (created_at DESC);

--
-- Name: email_outbox_due_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX email_outbox_due_idx ON public.email_outbox USING btree (next_attempt_at) WHERE (sent_at IS NULL);

--
-- Name: email_outbox_to_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX email_outbox_to_idx ON public.email_outbox USING btree (to_address, created_at DESC);

--
-- Name: email_outbox_to_lower_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX email_outbox_to_lower_idx ON public.email_outbox USING btree (lower(to_address));

--
-- Name: entitlements_source_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX entitlements_source_idx ON public.entitlements USING btree (source_kind, source_ref);

--
-- Name: entitlements_user_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX entitlements_user_idx ON public.entitlements USING btree (user_id, product_key);

--
-- Name: held_grants_email_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX held_grants_email_idx ON public.held_grants USING btree (email);

--
-- Name: leads_created_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX leads_created_idx ON public.leads USING btree (created_at DESC);

--
-- Name: leads_email_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX leads_email_key ON public.leads USING btree (email);

--
-- Name: mfa_challenges_user_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX mfa_challenges_user_idx ON public.mfa_challenges USING btree (user_id);

--
-- Name: sessions_user_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX sessions_user_id_idx ON public.sessions USING btree (user_id);

--
-- Name: single_use_tokens_user_purpose_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX single_use_tokens_user_purpose_idx ON public.single_use_tokens USING btree (user_id, purpose);

--
-- Name: stripe_customers_user_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX stripe_customers_user_idx ON public.stripe_customers USING btree (user_id);

--
-- Name: stripe_orders_created_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX stripe_orders_created_idx ON public.stripe_orders USING btree (created_at);

--
-- Name: stripe_orders_customer_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX stripe_orders_customer_idx ON public.stripe_orders USING btree (customer_id, status);

--
-- Name: stripe_orders_payment_intent_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX stripe_orders_payment_intent_idx ON public.stripe_orders USING btree (payment_intent_id);

--
-- Name: stripe_orders_user_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX stripe_orders_user_idx ON public.stripe_orders USING btree (user_id);

--
-- Name: stripe_subscriptions_customer_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX stripe_subscriptions_customer_idx ON public.stripe_subscriptions USING btree (customer_id, status);

--
-- Name: users_email_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX users_email_key ON public.users USING btree (lower(email));

--
-- Name: warriorplus_orders_created_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX warriorplus_orders_created_idx ON public.warriorplus_orders USING btree (created_at);

--
-- Name: warriorplus_orders_user_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX warriorplus_orders_user_idx ON public.warriorplus_orders USING btree (user_id);

--
-- Name: access_grants access_grants_entitlement; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER access_grants_entitlement AFTER INSERT OR UPDATE ON public.access_grants FOR EACH ROW EXECUTE FUNCTION public.entitlement_from_grant();

--
-- Name: chapter_attachments chapter_attachments_delete_bytes; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER chapter_attachments_delete_bytes AFTER DELETE ON public.chapter_attachments FOR EACH ROW EXECUTE FUNCTION public.delete_attachment_bytes();

--
-- Name: chapter_images chapter_images_delete_bytes; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER chapter_images_delete_bytes AFTER DELETE ON public.chapter_images FOR EACH ROW EXECUTE FUNCTION public.delete_attachment_bytes();

--
-- Name: entitlements entitlements_early_bonus; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER entitlements_early_bonus AFTER INSERT OR UPDATE OF revoked_at ON public.entitlements FOR EACH ROW EXECUTE FUNCTION public.early_bonus_for_buyer();

--
-- Name: entitlements entitlements_lead_customer; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER entitlements_lead_customer AFTER INSERT OR UPDATE ON public.entitlements FOR EACH ROW EXECUTE FUNCTION public.lead_became_customer();

--
-- Name: leads leads_starter; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER leads_starter AFTER INSERT ON public.leads FOR EACH ROW EXECUTE FUNCTION public.starter_for_new_lead();

--
-- Name: stripe_orders stripe_orders_entitlement; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER stripe_orders_entitlement AFTER INSERT OR UPDATE ON public.stripe_orders FOR EACH ROW EXECUTE FUNCTION public.entitlement_from_stripe_order();

--
-- Name: stripe_subscriptions stripe_subscriptions_entitlement; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER stripe_subscriptions_entitlement AFTER INSERT OR UPDATE ON public.stripe_subscriptions FOR EACH ROW EXECUTE FUNCTION public.entitlement_from_stripe_subscription();

--
-- Name: users users_lead_starter; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER users_lead_starter AFTER INSERT OR UPDATE OF email_verified_at, email ON public.users FOR EACH ROW EXECUTE FUNCTION public.starter_for_verified_lead();

--
-- Name: warriorplus_orders warriorplus_orders_entitlement; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER warriorplus_orders_entitlement AFTER INSERT OR UPDATE ON public.warriorplus_orders FOR EACH ROW EXECUTE FUNCTION public.entitlement_from_marketplace_order();

--
-- Name: access_grants access_grants_granted_by_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.access_grants
    ADD CONSTRAINT access_grants_granted_by_fkey FOREIGN KEY (granted_by) REFERENCES public.users(id) ON DELETE SET NULL;

--
-- Name: access_grants access_grants_product_key_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.access_grants
    ADD CONSTRAINT access_grants_product_key_fkey FOREIGN KEY (product_key) REFERENCES public.products(key);

--
-- Name: access_grants access_grants_revoked_by_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.access_grants
    ADD CONSTRAINT access_grants_revoked_by_fkey FOREIGN KEY (revoked_by) REFERENCES public.users(id) ON DELETE SET NULL;

--
-- Name: access_grants access_grants_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.access_grants
    ADD CONSTRAINT access_grants_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: admin_audit_log admin_audit_log_admin_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.admin_audit_log
    ADD CONSTRAINT admin_audit_log_admin_id_fkey FOREIGN KEY (admin_id) REFERENCES public.users(id) ON DELETE SET NULL;

--
-- Name: admin_audit_log admin_audit_log_member_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.admin_audit_log
    ADD CONSTRAINT admin_audit_log_member_id_fkey FOREIGN KEY (member_id) REFERENCES public.users(id) ON DELETE SET NULL;

--
-- Name: announcements announcements_created_by_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.announcements
    ADD CONSTRAINT announcements_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.users(id) ON DELETE SET NULL;

--
-- Name: auth_factors auth_factors_enrolment_session_hash_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.auth_factors
    ADD CONSTRAINT auth_factors_enrolment_session_hash_fkey FOREIGN KEY (enrolment_session_hash) REFERENCES public.sessions(id_hash) ON DELETE SET NULL;

--
-- Name: auth_factors auth_factors_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.auth_factors
    ADD CONSTRAINT auth_factors_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: certificates certificates_course_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.certificates
    ADD CONSTRAINT certificates_course_id_fkey FOREIGN KEY (course_id) REFERENCES public.courses(id) ON DELETE SET NULL;

--
-- Name: certificates certificates_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.certificates
    ADD CONSTRAINT certificates_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE SET NULL;

--
-- Name: chapter_attachments chapter_attachments_chapter_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.chapter_attachments
    ADD CONSTRAINT chapter_attachments_chapter_id_fkey FOREIGN KEY (chapter_id) REFERENCES public.chapters(id) ON DELETE CASCADE;

--
-- Name: chapter_images chapter_images_course_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.chapter_images
    ADD CONSTRAINT chapter_images_course_id_fkey FOREIGN KEY (course_id) REFERENCES public.courses(id) ON DELETE CASCADE;

--
-- Name: chapter_progress chapter_progress_chapter_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.chapter_progress
    ADD CONSTRAINT chapter_progress_chapter_id_fkey FOREIGN KEY (chapter_id) REFERENCES public.chapters(id) ON DELETE CASCADE;

--
-- Name: chapter_progress chapter_progress_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.chapter_progress
    ADD CONSTRAINT chapter_progress_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: chapters chapters_course_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.chapters
    ADD CONSTRAINT chapters_course_id_fkey FOREIGN KEY (course_id) REFERENCES public.courses(id) ON DELETE CASCADE;

--
-- Name: cookie_consents cookie_consents_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.cookie_consents
    ADD CONSTRAINT cookie_consents_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: courses courses_required_product_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.courses
    ADD CONSTRAINT courses_required_product_fkey FOREIGN KEY (required_product) REFERENCES public.products(key);

--
-- Name: custom_saas_applications custom_saas_applications_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.custom_saas_applications
    ADD CONSTRAINT custom_saas_applications_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: email_outbox email_outbox_announcement_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.email_outbox
    ADD CONSTRAINT email_outbox_announcement_id_fkey FOREIGN KEY (announcement_id) REFERENCES public.announcements(id) ON DELETE SET NULL;

--
-- Name: email_outbox email_outbox_sequence_step_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.email_outbox
    ADD CONSTRAINT email_outbox_sequence_step_id_fkey FOREIGN KEY (sequence_step_id) REFERENCES public.email_sequence_steps(id) ON DELETE SET NULL;

--
-- Name: email_sequence_steps email_sequence_steps_updated_by_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.email_sequence_steps
    ADD CONSTRAINT email_sequence_steps_updated_by_fkey FOREIGN KEY (updated_by) REFERENCES public.users(id) ON DELETE SET NULL;

--
-- Name: entitlements entitlements_product_key_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.entitlements
    ADD CONSTRAINT entitlements_product_key_fkey FOREIGN KEY (product_key) REFERENCES public.products(key);

--
-- Name: entitlements entitlements_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.entitlements
    ADD CONSTRAINT entitlements_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: held_grants held_grants_granted_by_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.held_grants
    ADD CONSTRAINT held_grants_granted_by_fkey FOREIGN KEY (granted_by) REFERENCES public.users(id) ON DELETE SET NULL;

--
-- Name: held_grants held_grants_product_key_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.held_grants
    ADD CONSTRAINT held_grants_product_key_fkey FOREIGN KEY (product_key) REFERENCES public.products(key);

--
-- Name: known_devices known_devices_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.known_devices
    ADD CONSTRAINT known_devices_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: mfa_challenges mfa_challenges_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.mfa_challenges
    ADD CONSTRAINT mfa_challenges_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: products products_edited_by_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.products
    ADD CONSTRAINT products_edited_by_fkey FOREIGN KEY (edited_by) REFERENCES public.users(id) ON DELETE SET NULL;

--
-- Name: recovery_codes recovery_codes_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.recovery_codes
    ADD CONSTRAINT recovery_codes_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: sessions sessions_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sessions
    ADD CONSTRAINT sessions_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: single_use_tokens single_use_tokens_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.single_use_tokens
    ADD CONSTRAINT single_use_tokens_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: stored_file_parts stored_file_parts_key_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.stored_file_parts
    ADD CONSTRAINT stored_file_parts_key_fkey FOREIGN KEY (key) REFERENCES public.stored_files(key) ON DELETE CASCADE;

--
-- Name: stripe_customers stripe_customers_erased_as_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.stripe_customers
    ADD CONSTRAINT stripe_customers_erased_as_fkey FOREIGN KEY (erased_as) REFERENCES public.erasures(pseudonym);

--
-- Name: stripe_customers stripe_customers_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.stripe_customers
    ADD CONSTRAINT stripe_customers_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE SET NULL;

--
-- Name: stripe_orders stripe_orders_customer_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.stripe_orders
    ADD CONSTRAINT stripe_orders_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES public.stripe_customers(customer_id) ON DELETE CASCADE;

--
-- Name: stripe_orders stripe_orders_erased_as_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.stripe_orders
    ADD CONSTRAINT stripe_orders_erased_as_fkey FOREIGN KEY (erased_as) REFERENCES public.erasures(pseudonym);

--
-- Name: stripe_orders stripe_orders_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.stripe_orders
    ADD CONSTRAINT stripe_orders_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE SET NULL;

--
-- Name: stripe_subscriptions stripe_subscriptions_customer_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.stripe_subscriptions
    ADD CONSTRAINT stripe_subscriptions_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES public.stripe_customers(customer_id) ON DELETE CASCADE;

--
-- Name: warriorplus_orders warriorplus_orders_erased_as_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.warriorplus_orders
    ADD CONSTRAINT warriorplus_orders_erased_as_fkey FOREIGN KEY (erased_as) REFERENCES public.erasures(pseudonym);

--
-- Name: warriorplus_orders warriorplus_orders_product_key_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.warriorplus_orders
    ADD CONSTRAINT warriorplus_orders_product_key_fkey FOREIGN KEY (product_key) REFERENCES public.products(key);

--
-- Name: warriorplus_orders warriorplus_orders_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.warriorplus_orders
    ADD CONSTRAINT warriorplus_orders_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE SET NULL;

--
-- PostgreSQL database dump complete
--
