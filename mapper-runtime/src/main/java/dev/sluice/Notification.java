package dev.sluice;

/**
 * A NOTIFY received on a channel being listened to: the channel's name exactly as the sender gave
 * it, the payload (empty when none was given), and the process id of the sending backend.
 */
public record Notification(String channel, String payload, int senderPid) implements ListenEvent {}
