// Errors: the one place where a code returned by an internal call becomes an exception.
namespace System.MP
{
	internal static partial class Errors
	{
		// Motor's own codes, their messages and the exception kind of each come from native-mpi/errors.def, through
		// the generated ErrorCodes.g.cs (Errors.ENULL ..., Errors.Message, Errors.New).

		internal static void Check (int rc)
		{
			if (rc != 0)
				throw Make (rc, null, null, 0, 0, null);
		}

		/// <summary>The exception for a negative offset or count.  Callers test both inline before every
		/// internal call, so that a negative count is never mistaken for the "whole buffer" count (-1) of
		/// the internal calls.</summary>
		internal static Exception BadRange (int offset, int count)
		{
			if (offset < 0)
				return new ArgumentOutOfRangeException ("offset", offset, "offset must not be negative");
			return new ArgumentOutOfRangeException ("count", count, "count must not be negative");
		}

		/// <summary>The exception for MPI.IN_PLACE passed as <paramref name="param"/> where MPI takes no
		/// MPI_IN_PLACE.</summary>
		internal static Exception InPlaceRefused (string param)
		{
			return new ArgumentException ("MPI.IN_PLACE is not a buffer: only the collectives with an in-place form " +
				"take it (as the send buffer of Gather, Gatherv and Reduce at the root and of Allgather, Allgatherv, " +
				"Alltoall, Alltoallv, Allreduce, Scan, Exscan and Reduce_scatter_block on every rank; as the receive " +
				"buffer of Scatter and Scatterv at the root).  Pass an array here.", param);
		}

		// dtNames and dtSizes, the predefined datatypes' element names and sizes, are generated from
		// native-mpi/datatypes.def (managed/Datatypes.g.cs).

		/// <summary>Whether <paramref name="rc"/> is MPI's "message truncated" (a message longer than the receive
		/// buffer).</summary>
		internal static bool IsTruncation (int rc)
		{
			return rc > 0 && MPDirect.ErrorClass (rc) == MPDirect.TruncateClass ();
		}

		// A source or tag that is not known (a non-blocking receive completed without a status).
		const int Unknown = int.MinValue;

		/// <summary>The exception for a receive whose message did not fit: what arrived (as far as the status
		/// tells), from where, and what the buffer holds, with what to do.  <paramref name="op"/> is the operation
		/// the program called; <paramref name="st"/> the status if MPI filled one (its error field is then set),
		/// else the posted <paramref name="source"/> and <paramref name="tag"/> are named (Unknown: not named);
		/// the buffer holds <paramref name="count"/> elements of <paramref name="elemName"/>,
		/// <paramref name="elemSize"/> bytes each (0: unknown).  Keeps MPI's error code and class
		/// (MPI_ERR_TRUNCATE).</summary>
		internal static MPIException Truncated (int rc, string op, StatusData st, int source, int tag, long count,
		                                        string elemName, int elemSize)
		{
			bool known = st.error != 0;
			if (known) {
				source = st.source;
				tag = st.tag;
			}
			string from = "";
			if (source != Unknown)
				from = (source == MPI.ANY_SOURCE ? " from some rank (ANY_SOURCE" : " from rank " + source) +
					(source == MPI.ANY_SOURCE ? ", " : " (") + (tag == MPI.ANY_TAG ? "any tag)" : "tag " + tag + ")");
			long cap = elemSize > 0 && count >= 0 ? count * elemSize : -1;
			string holds = cap >= 0 ? cap + " bytes (" + count + " x " + elemName + ")" : count + " elements of a struct";
			if (count < 0) // the size of the buffer is no longer known
				holds = "";
			// Open MPI reports the whole message's size; under MPICH the runtime reports none (its status counts 0
			// or an earlier message's bytes: native-mpi/mpi-compat.h), so all that is known is "more".
			string size = known && cap >= 0 && st.bytes > cap ? " has " + st.bytes + " bytes but the buffer holds "
				: count < 0 ? " is longer than the buffer" : " is longer than the buffer, which holds ";
			string msg = op + ": message truncated: the message" + from + size + holds + ": pass a larger buffer, or Probe first to size it";
			if (!known && (source == Unknown || source == MPI.ANY_SOURCE || tag == MPI.ANY_TAG))
				msg += " (" + (source == Unknown ? "Wait or Test with a Status" : "a Status") + " tells which message it was)";
			return new MPIException (rc, MPDirect.ErrorClass (rc), msg);
		}

		/// <summary>Truncated, for a buffer given as in Comm.Recv: the whole of <paramref name="buf"/>
		/// (<paramref name="count"/> == -1) or <paramref name="count"/> elements of it.</summary>
		internal static MPIException Truncated (int rc, string op, StatusData st, int source, int tag, object buf, int count)
		{
			Type et = buf is Array ? buf.GetType ().GetElementType () : buf.GetType ();
			int size = MPDirect.ElementSize (et);
			long n = buf is Array ? (count >= 0 ? count : ((Array) buf).LongLength) : 1;
			return Truncated (rc, op, st, source, tag, n, et.FullName, size > 0 ? size : 0);
		}

		/// <summary>Truncated, for a buffer the runtime described by a datatype handle (a non-blocking receive).</summary>
		internal static MPIException TruncatedDt (int rc, string op, StatusData st, long count, int dt)
		{
			if (count < 0)
				return Truncated (rc, op, st, Unknown, Unknown, -1, null, 0);
			if (dt >= 0 && dt < dtNames.Length)
				return Truncated (rc, op, st, Unknown, Unknown, count, dtNames[dt], dtSizes[dt]);
			return Truncated (rc, op, st, Unknown, Unknown, count, "struct", 0);
		}

		internal static string TypeName (object o)
		{
			return o == null ? "null" : o.GetType ().FullName;
		}

		/// <summary>The exception for code <paramref name="rc"/> of an operation on <paramref name="comm"/>
		/// with buffer <paramref name="buf"/>, peer <paramref name="rank"/> (named <paramref name="rankName"/>)
		/// and <paramref name="tag"/>.</summary>
		internal static Exception Make (int rc, Comm comm, object buf, int rank, int tag, string rankName)
		{
			switch (rc) {
			case ENULL:
				return New (rc, "the buffer is null", "buf");
			case EBUFTYPE:
				return New (rc, TypeName (buf) + " cannot be an MPI buffer: only arrays of primitive types or of " +
					"structs without references, and objects without reference fields, can be sent or received in place; " +
					"process-local handles (GCHandle, SafeHandle, RuntimeTypeHandle, ...) never travel, in any field. " +
					"Use the O-operations (OSend, ORecv, ...) to transport object graphs.", "buf");
			case EOFFSET:
				return New (rc, "offset is outside the buffer (" + TypeName (buf) + ")", "offset");
			case ECOUNT:
				return New (rc, "offset + count runs past the end of the buffer (" + TypeName (buf) + ")", "count");
			case ERANK:
				return New (rc, "rank " + rank + " is not in the communicator" +
					(comm != null && comm.IsValid ? " (size " + comm.RemoteSizeForChecks + ")" : ""), rankName ?? "rank", rank);
			case ETAG:
				return New (rc, "tag " + tag + " is outside 0.." + MPI.TAG_UB + (rankName == "source" ? " (or ANY_TAG)" : ""),
					"tag", tag);
			case ECOMM:
				if (MPI.Is_finalized ())
					return New (EFINALIZED, Message (EFINALIZED));
				if (comm != null && comm.IdupNotUsable () != null)
					return comm.IdupNotUsable ();
				if (comm == null && Comm.IdupsMade > 0) // the collectives do not say which communicator
					return New (rc, "the communicator has been freed, or it was made by Idup and the request Idup " +
						"returned has not completed yet (Wait for it first)", "Comm");
				return New (rc, "the communicator has been freed", "Comm");
			case ENOTARRAY:
				return New (rc, "the offset/count form needs a one-dimensional array indexed from 0 (T[]); " + TypeName (buf) +
					" is not one", "buf");
			case ENOMEM:
				return New (rc, "Motor runtime: " + MPDirect.ErrorString (rc));
			case EALIAS:
				return New (rc, "the send and receive buffers overlap", "recvbuf");
			case EBUSY:
				return New (rc, "the request is being completed by another thread (MPI forbids completing one request " +
					"from two threads at once)");
			case EOVERLAP:
				return New (rc, "the buffer overlaps the buffer of a non-blocking operation still in flight on " +
					"this rank that this one may match (a message of the rank to itself); MPI forbids touching that buffer " +
					"until the operation completes: Wait for it first, or use disjoint buffers", "buf");
			case EINPLACE:
				return InPlaceRefused ("buf");
			case ECOMMLIMIT:
				return New (rc, "too many communicators: free the ones you no longer need " +
					"(Comm.Free; an open MPI.File or Win holds some too: Close or Free it).  Only so many can exist per " +
					"process at once (MPICH: 2,048, Open MPI: 4,096 in Motor's table, each counting COMM_WORLD and COMM_SELF).");
			case EGROUP:
				if (MPI.Is_finalized ())
					return New (EFINALIZED, Message (EFINALIZED));
				return New (rc, "the group has been freed", "Group");
			case EINTER:
				return New (rc, "the operation needs an intracommunicator, not an intercommunicator");
			case EDIMS:
				return New (rc, "the dimensions do not fit the communicator");
			case ECOORDS:
				return New (rc, "a coordinate is outside a non-periodic dimension", "coords");
			case EREMOTE:
				return New (rc, "the root of the collective operation refused its arguments (it raised the reason)");
			default:
				if (rc <= EPEER_BASE)
					return new InvalidOperationException (Coll.Peer (rc) + " refused its arguments to " +
						"this collective operation (the exception there says why), so no rank carried it out; the " +
						"communicator can be used again");
				if (IsSerializer (rc))
					return New (rc, MPDirect.OErrorMessage () ?? Message (rc), rc == SER_ECOUNT ? "counts" : null);
				// The codes whose message here is native-mpi's (errors.def) and codes of no kind yet.
				if (rc < 0)
					return New (rc, Message (rc)) ?? new ArgumentException (MPDirect.ErrorString (rc));
				return new MPIException (rc, MPDirect.ErrorClass (rc), MPDirect.ErrorString (rc));
			}
		}
	}
}
