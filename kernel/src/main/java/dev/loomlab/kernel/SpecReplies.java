package dev.loomlab.kernel;

import org.dflib.jjava.jupyter.channels.JupyterConnection;
import org.dflib.jjava.jupyter.kernel.BaseKernel;
import org.dflib.jjava.jupyter.messages.ContentType;
import org.dflib.jjava.jupyter.messages.Header;
import org.dflib.jjava.jupyter.messages.MessageType;
import org.dflib.jjava.jupyter.messages.reply.CommInfoReply;
import org.dflib.jjava.jupyter.messages.reply.HistoryReply;
import org.dflib.jjava.jupyter.messages.reply.InterruptReply;
import org.dflib.jjava.jupyter.messages.reply.KernelInfoReply;
import org.dflib.jjava.jupyter.messages.reply.ShutdownReply;
import java.util.List;
import java.util.Map;

/**
 * The replies jupyter-jvm-basekernel 2.3.0 gets wrong, answered as the messaging spec says
 * ("all reply messages have a status field"): {@code kernel_info_reply},
 * {@code comm_info_reply}, {@code interrupt_reply} and {@code shutdown_reply} carry
 * {@code status: "ok"}, and a {@code history_request} gets a reply (an empty history: the kernel
 * keeps none) instead of silence. The kernel's messaging-spec test
 * ({@code message_spec.py}, run by {@code KernelStartIT}) checks every reply type.
 */
final class SpecReplies {

    private SpecReplies() {}

    /** Answers those requests on {@code connection} for {@code kernel} instead of basekernel. */
    static void install(JupyterConnection connection, BaseKernel kernel) {
        connection.setHandler(MessageType.KERNEL_INFO_REQUEST, (env, m) -> {
            env.setBusyDeferIdle();
            env.reply(new KernelInfo(kernel));
        });
        connection.setHandler(MessageType.COMM_INFO_REQUEST, (env, m) -> {
            env.setBusyDeferIdle();
            env.reply(new CommInfo()); // this kernel opens no comms
        });
        connection.setHandler(MessageType.HISTORY_REQUEST, (env, m) -> {
            env.setBusyDeferIdle();
            env.reply(new History());
        });
        // control channel: as basekernel does, with the status in the reply
        connection.setHandler(MessageType.INTERRUPT_REQUEST, (env, m) -> {
            env.setBusyDeferIdle();
            env.defer().reply(new InterruptOk());
            kernel.interrupt();
        });
        connection.setHandler(MessageType.SHUTDOWN_REQUEST, (env, m) -> {
            boolean restart = m.getContent().isRestart();
            env.setBusyDeferIdle();
            env.defer().reply(new ShutdownOk(restart));
            kernel.onShutdown(restart);
            env.resolveDeferrals();
            env.markForShutdown();
        });
    }

    /** interrupt_reply: only the status. */
    static final class InterruptOk implements ContentType<InterruptOk> {
        @SuppressWarnings("unused")
        private final String status = "ok";

        @Override
        @SuppressWarnings({"unchecked", "rawtypes"})
        public MessageType<InterruptOk> getType() {
            return (MessageType) InterruptReply.MESSAGE_TYPE;
        }
    }

    /** shutdown_reply: the status and whether a restart follows. */
    static final class ShutdownOk implements ContentType<ShutdownOk> {
        @SuppressWarnings("unused")
        private final String status = "ok";
        @SuppressWarnings("unused")
        private final boolean restart;

        ShutdownOk(boolean restart) {
            this.restart = restart;
        }

        @Override
        @SuppressWarnings({"unchecked", "rawtypes"})
        public MessageType<ShutdownOk> getType() {
            return (MessageType) ShutdownReply.MESSAGE_TYPE;
        }
    }

    /** basekernel's kernel_info_reply, plus the status. */
    static final class KernelInfo extends KernelInfoReply {
        @SuppressWarnings("unused") // serialized by basekernel's Gson
        private final String status = "ok";

        KernelInfo(BaseKernel kernel) {
            super(Header.PROTOCOL_VERISON, "loomlab-kernel", version(), kernel.getLanguageInfo(), kernel.getBanner(),
                    kernel.getHelpLinks());
        }

        private static String version() {
            String v = SpecReplies.class.getPackage().getImplementationVersion();
            return v == null ? "0.1.0" : v;
        }
    }

    /** basekernel's comm_info_reply, plus the status. */
    static final class CommInfo extends CommInfoReply {
        @SuppressWarnings("unused")
        private final String status = "ok";

        CommInfo() {
            super(Map.of());
        }
    }

    /** An empty history_reply with its status. */
    static final class History extends HistoryReply {
        @SuppressWarnings("unused")
        private final String status = "ok";

        History() {
            super(List.of());
        }
    }
}
