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
 * The replies jjava-jupyter 1.0-a6 (like jupyter-jvm-basekernel 2.3.0 before it) gets wrong, answered as the messaging spec says
 * ("all reply messages have a status field"): {@code kernel_info_reply},
 * {@code comm_info_reply}, {@code interrupt_reply} and {@code shutdown_reply} carry
 * {@code status: "ok"}, and a {@code history_request} gets a reply (an empty history: the kernel
 * keeps none) instead of silence. The kernel's messaging-spec test
 * ({@code message_spec.py}, run by {@code KernelStartIT}) checks every reply type.
 */
final class SpecReplies {

    private SpecReplies() {}

    /** Answers those requests on {@code connection} for {@code kernel} instead of the base library. */
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
        // control channel: as the base library does, with the status in the reply
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

    /** The base library's kernel_info_reply, plus the status. */
    static final class KernelInfo extends KernelInfoReply {
        @SuppressWarnings("unused") // serialized by the base library's Gson
        private final String status = "ok";

        KernelInfo(BaseKernel kernel) {
            super(Header.PROTOCOL_VERISON, kernel.getName(), kernel.getVersion(), kernel.getLanguageInfo(),
                    kernel.getBanner(), kernel.getHelpLinks());
        }
    }

    /** The base library's comm_info_reply, plus the status. */
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
