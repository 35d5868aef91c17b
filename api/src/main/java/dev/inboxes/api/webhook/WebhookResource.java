package dev.inboxes.api.webhook;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.inboxes.api.InboxesApiDefinition;
import dev.inboxes.api.json.JsonBodies;
import dev.inboxes.api.paging.PageQuery;
import dev.inboxes.api.paging.PagingDocs;
import dev.inboxes.api.problem.Problem;
import dev.inboxes.api.security.CurrentAccount;
import dev.inboxes.domain.webhook.CreatedWebhook;
import dev.inboxes.domain.webhook.WebhookService;
import io.quarkus.runtime.annotations.RegisterForReflection;
import jakarta.inject.Inject;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.RestResponse;

// Its methods are read at run time by KnownRoutes, a native image included.
@RegisterForReflection(fields = false)
@Path("/v1/webhooks")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Webhooks")
@SecurityRequirement(name = InboxesApiDefinition.BEARER_AUTH)
@APIResponse(responseCode = "400", description = Problem.INVALID_INPUT)
@APIResponse(responseCode = "401", description = "Missing or invalid API key.")
public class WebhookResource {

    static final String SIGNING = "Each request is signed per the Standard Webhooks specification: `webhook-id` (the "
            + "event id, the same on every retry: dedupe on it), `webhook-timestamp` (Unix seconds) and "
            + "`webhook-signature` (`v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` keyed with the secret's "
            + "base64-decoded bytes after `whsec_`; during 24 hours after a rotation, two signatures, space-separated). "
            + "A 2xx within 15 seconds delivers it; `410` disables the endpoint; anything else is retried after 5 s, "
            + "5 min, 30 min, 2 h, 5 h, 10 h and 10 h; an endpoint failing for 5 days is disabled.";
    private static final String NOT_FOUND = "No such webhook in this account.";

    @Inject
    WebhookService webhooks;

    @Inject
    CurrentAccount account;

    @Inject
    JsonBodies jsonBodies;

    @POST
    @Operation(operationId = "createWebhook", summary = "Create a webhook endpoint",
            description = "Subscribes a URL to event types, of every inbox or of some. The answer holds the signing "
                    + "secret, shown once. An account has at most 20 endpoints by default (`409` "
                    + "`too-many-webhooks` beyond).\n\n" + SIGNING)
    @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = WebhookRequests.Create.class)))
    @APIResponse(responseCode = "201", description = "The endpoint, with its secret (shown once).",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = WebhookCreatedResponse.class)))
    @APIResponse(responseCode = "409", description = "The account has as many endpoints as it may.")
    public Response create(byte[] body, @HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType,
            @Context UriInfo uriInfo) throws JsonProcessingException {
        WebhookRequests.Create request = WebhookRequests.Create.fromJson(jsonBodies.read(body, contentType));
        CreatedWebhook created = webhooks.create(account.id(), request.url(), request.eventTypes(),
                request.inboxIds());
        return Response.created(uriInfo.getBaseUriBuilder().path("v1/webhooks/{id}").build(created.webhook().id()))
                .entity(WebhookCreatedResponse.fromDomain(created)).build();
    }

    @GET
    @Operation(operationId = "listWebhooks", summary = "List the account's webhook endpoints, newest first",
            description = "Returns one page of the account's endpoints, newest first (`created_at` descending, ties "
                    + "by id descending); never a secret.\n\n" + PagingDocs.PROTOCOL)
    @APIResponse(responseCode = "200", description = "One page of endpoints.")
    public RestResponse<WebhookPage> list(@BeanParam PageQuery paging) {
        return paging.respond(webhooks.list(account.id(), paging.request()),
                WebhookResponse::fromDomain, WebhookPage::new);
    }

    @GET
    @Path("/{webhook_id}")
    @Operation(operationId = "getWebhook", summary = "Get a webhook endpoint")
    @APIResponse(responseCode = "200", description = "The endpoint (never its secret).")
    @APIResponse(responseCode = "404", description = NOT_FOUND)
    public WebhookResponse get(@Parameter(description = "Webhook id.") @PathParam("webhook_id") String webhookId) {
        return WebhookResponse.fromDomain(webhooks.get(account.id(), webhookId));
    }

    @PATCH
    @Path("/{webhook_id}")
    @Operation(operationId = "updateWebhook", summary = "Change a webhook endpoint",
            description = "Changes the fields sent (`url`, `event_types`, `inbox_ids`, `status`). Disabling holds the "
                    + "deliveries already queued (events meanwhile are not queued for it); enabling sends them and "
                    + "clears `failing_since` and `disabled_reason`.")
    @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = WebhookRequests.Change.class)))
    @APIResponse(responseCode = "200", description = "The endpoint as changed.")
    @APIResponse(responseCode = "404", description = NOT_FOUND)
    public WebhookResponse update(@Parameter(description = "Webhook id.") @PathParam("webhook_id") String webhookId,
            byte[] body, @HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType) throws JsonProcessingException {
        return WebhookResponse.fromDomain(webhooks.update(account.id(), webhookId,
                WebhookRequests.Change.fromJson(jsonBodies.read(body, contentType))));
    }

    @DELETE
    @Path("/{webhook_id}")
    @Produces(MediaType.WILDCARD) // 204 has no body: any Accept is fine (clients send their error type)
    @Operation(operationId = "deleteWebhook", summary = "Delete a webhook endpoint",
            description = "Deletes the endpoint with its pending deliveries and its attempts.")
    @APIResponse(responseCode = "204", description = "Deleted.")
    @APIResponse(responseCode = "404", description = NOT_FOUND)
    public void delete(@Parameter(description = "Webhook id.") @PathParam("webhook_id") String webhookId) {
        webhooks.delete(account.id(), webhookId);
    }

    @POST
    @Path("/{webhook_id}/rotate-secret")
    @Operation(operationId = "rotateWebhookSecret", summary = "Rotate a webhook endpoint's signing secret",
            description = "Issues a new secret, shown once. For 24 hours the old one signs too: each request carries "
                    + "both signatures, space-separated, so receivers can switch without losing a request. No body.")
    @APIResponse(responseCode = "200", description = "The endpoint with its new secret.")
    @APIResponse(responseCode = "404", description = NOT_FOUND)
    public WebhookCreatedResponse rotateSecret(
            @Parameter(description = "Webhook id.") @PathParam("webhook_id") String webhookId) {
        return WebhookCreatedResponse.fromDomain(webhooks.rotateSecret(account.id(), webhookId));
    }

    @GET
    @Path("/{webhook_id}/deliveries")
    @Operation(operationId = "listWebhookDeliveries", summary = "List an endpoint's delivery attempts, newest first",
            description = "Returns one page of the endpoint's attempts, newest first (`created_at` descending, ties "
                    + "by id descending): the event, the status code, the latency, the error and when the delivery is "
                    + "tried next.\n\n" + PagingDocs.PROTOCOL)
    @APIResponse(responseCode = "200", description = "One page of attempts.")
    @APIResponse(responseCode = "404", description = NOT_FOUND)
    public RestResponse<WebhookDeliveryPage> deliveries(
            @Parameter(description = "Webhook id.") @PathParam("webhook_id") String webhookId,
            @BeanParam PageQuery paging) {
        return paging.respond(webhooks.attempts(account.id(), webhookId, paging.request()),
                WebhookAttemptResponse::fromDomain, WebhookDeliveryPage::new);
    }

    @POST
    @Path("/{webhook_id}/deliveries/{delivery_id}/retry")
    @Produces(MediaType.WILDCARD) // 202 has no body
    @Operation(operationId = "retryWebhookDelivery", summary = "Send a delivery's event again now",
            description = "Makes the delivery due at once, whatever its state (delivered or failed too); the id may be "
                    + "the delivery's (`delivery_id`) or any of its attempts' (`id`). The attempt shows in the list. "
                    + "No body.")
    @APIResponse(responseCode = "202", description = "Accepted: a worker sends it now.")
    @APIResponse(responseCode = "404", description = "No such webhook, or no such delivery of it.")
    @APIResponse(responseCode = "409", description = "The endpoint is disabled: enable it first.")
    public Response retry(@Parameter(description = "Webhook id.") @PathParam("webhook_id") String webhookId,
            @Parameter(description = "Delivery id, or the id of one of its attempts.") @PathParam("delivery_id")
            String deliveryId) {
        webhooks.retry(account.id(), webhookId, deliveryId);
        return Response.accepted().build();
    }
}
