// Communicator: MPI.NET's point-to-point operations, each overload group whole.  A direct T (Transport.cs)
// moves as raw data through System.MP's buffer operations; any other T through its O-operations in
// serializable mode.  Ranks and tags are checked by System.MP (ArgumentOutOfRangeException).
using System;
using System.MP;
using System.Runtime.CompilerServices;

namespace MPI
{
	public abstract partial class Communicator
	{

		/// <summary>Sends <paramref name="value"/> to <paramref name="dest"/> (blocking until the value may be
		/// reused).  A primitive or a struct without references moves as raw data without allocating; any other value
		/// (a string, a [Serializable] class or struct) is serialised with every field not marked [NonSerialized].</summary>
		/// <typeparam name="T">The type of the value.</typeparam>
		/// <param name="value">The value to send.</param>
		/// <param name="dest">The receiving rank.</param>
		/// <param name="tag">The message tag (0..<see cref="Environment.MaxTag"/>).</param>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="dest"/> or <paramref name="tag"/> is out of
		/// range.</exception>
		/// <exception cref="ArgumentException">The value holds an object that cannot travel (a delegate, a pointer or
		/// IntPtr field, a process-local handle).</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been disposed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="System.MP.MPIException">The MPI library reported an error.</exception>
		[MethodImpl (MethodImplOptions.AggressiveInlining)]
		public void Send<T> (T value, int dest, int tag)
		{
			if (Wire<T>.Direct) {
				T[] a = Wire<T>.A;
				a[0] = value;
				comm.Send (a, dest, tag);
			} else {
				using (SerializableScope.Enter ())
					comm.OSend (value, dest, tag);
			}
		}

		/// <summary>Sends the array <paramref name="values"/> to <paramref name="dest"/>: in place for primitives and
		/// structs without references, serialised otherwise.</summary>
		/// <typeparam name="T">The element type.</typeparam>
		/// <param name="values">The values to send.</param>
		/// <param name="dest">The receiving rank.</param>
		/// <param name="tag">The message tag.</param>
		/// <exception cref="ArgumentNullException"><paramref name="values"/> is null and T travels as raw data.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="dest"/> or <paramref name="tag"/> is out of
		/// range.</exception>
		/// <exception cref="ArgumentException">An element holds an object that cannot travel.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been disposed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="System.MP.MPIException">The MPI library reported an error.</exception>
		public void Send<T> (T[] values, int dest, int tag)
		{
			if (Wire<T>.Direct) {
				comm.Send (values, dest, tag);
			} else {
				using (SerializableScope.Enter ())
					comm.OSend (values, dest, tag);
			}
		}

		/// <summary>Receives a value sent by <see cref="Send{T}(T, int, int)"/> and returns it.</summary>
		/// <typeparam name="T">The type of the value.</typeparam>
		/// <param name="source">The sending rank, or <see cref="anySource"/>.</param>
		/// <param name="tag">The tag to match, or <see cref="anyTag"/>.</param>
		/// <returns>The value received.</returns>
		/// <exception cref="MessageTruncatedException">The message holds more than one T.</exception>
		/// <exception cref="InvalidCastException">The message holds an object of another type.</exception>
		/// <exception cref="System.Runtime.Serialization.SerializationException">The object could not be rebuilt (a
		/// type this program lacks, a different field layout).</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="source"/> or <paramref name="tag"/> is out of
		/// range.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been disposed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="System.MP.MPIException">The MPI library reported an error.</exception>
		public T Receive<T> (int source, int tag)
		{
			T value;
			Receive (source, tag, out value);
			return value;
		}

		/// <summary>Receives a value sent by <see cref="Send{T}(T, int, int)"/>.  A primitive or struct without
		/// references is received without allocating.</summary>
		/// <typeparam name="T">The type of the value.</typeparam>
		/// <param name="source">The sending rank, or <see cref="anySource"/>.</param>
		/// <param name="tag">The tag to match, or <see cref="anyTag"/>.</param>
		/// <param name="value">The value received.</param>
		/// <exception cref="MessageTruncatedException">The message holds more than one T.</exception>
		/// <exception cref="InvalidCastException">The message holds an object of another type.</exception>
		/// <exception cref="System.Runtime.Serialization.SerializationException">The object could not be
		/// rebuilt.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="source"/> or <paramref name="tag"/> is out of
		/// range.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been disposed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="System.MP.MPIException">The MPI library reported an error.</exception>
		public void Receive<T> (int source, int tag, out T value)
		{
			if (Wire<T>.Direct) {
				T[] a = Wire<T>.A;
				a[0] = default (T); // what a receive from PROC_NULL gives, not the thread's last value
				try {
					comm.Recv (a, source, tag, null);
				} catch (MPIException e) {
					throw Wire.Translate (e);
				}
				value = a[0];
			} else {
				value = Wire.As<T> (comm.ORecv (source, tag, null), "Receive");
			}
		}

		/// <summary>Receives a value sent by <see cref="Send{T}(T, int, int)"/>, with its status.</summary>
		/// <typeparam name="T">The type of the value.</typeparam>
		/// <param name="source">The sending rank, or <see cref="anySource"/>.</param>
		/// <param name="tag">The tag to match, or <see cref="anyTag"/>.</param>
		/// <param name="value">The value received.</param>
		/// <param name="status">The message's source and tag; Count() is 1.</param>
		/// <exception cref="MessageTruncatedException">The message holds more than one T.</exception>
		/// <exception cref="InvalidCastException">The message holds an object of another type.</exception>
		/// <exception cref="System.Runtime.Serialization.SerializationException">The object could not be
		/// rebuilt.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="source"/> or <paramref name="tag"/> is out of
		/// range.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been disposed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="System.MP.MPIException">The MPI library reported an error.</exception>
		public void Receive<T> (int source, int tag, out T value, out CompletedStatus status)
		{
			var st = new System.MP.Status ();
			if (Wire<T>.Direct) {
				T[] a = Wire<T>.A;
				a[0] = default (T); // what a receive from PROC_NULL gives, not the thread's last value
				try {
					comm.Recv (a, source, tag, st);
				} catch (MPIException e) {
					throw Wire.Translate (e);
				}
				value = a[0];
			} else {
				value = Wire.As<T> (comm.ORecv (source, tag, st), "Receive");
			}
			status = new CompletedStatus (st, 1);
		}

		/// <summary>Receives an array sent by <see cref="Send{T}(T[], int, int)"/>.  For primitives and structs
		/// without references the message lands in <paramref name="values"/>, which must be large enough (a longer
		/// array is fine); for other types <paramref name="values"/> is replaced by the received array.</summary>
		/// <typeparam name="T">The element type.</typeparam>
		/// <param name="source">The sending rank, or <see cref="anySource"/>.</param>
		/// <param name="tag">The tag to match, or <see cref="anyTag"/>.</param>
		/// <param name="values">The array to receive into, or (serialised types) the received array.</param>
		/// <exception cref="MessageTruncatedException">The message is longer than <paramref name="values"/> (its
		/// first part has been received; nothing outside the array is written).</exception>
		/// <exception cref="ArgumentNullException"><paramref name="values"/> is null and T travels as raw
		/// data.</exception>
		/// <exception cref="InvalidCastException">The message holds an object of another type.</exception>
		/// <exception cref="System.Runtime.Serialization.SerializationException">The object could not be
		/// rebuilt.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="source"/> or <paramref name="tag"/> is out of
		/// range.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been disposed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="System.MP.MPIException">The MPI library reported an error.</exception>
		public void Receive<T> (int source, int tag, ref T[] values)
		{
			if (Wire<T>.Direct) {
				try {
					comm.Recv (values, source, tag, null);
				} catch (MPIException e) {
					throw Wire.Translate (e);
				}
			} else {
				values = Wire.As<T[]> (comm.ORecv (source, tag, null), "Receive");
			}
		}

		/// <summary>Receives an array sent by <see cref="Send{T}(T[], int, int)"/>, with its status (Count() is the
		/// number of elements received).</summary>
		/// <typeparam name="T">The element type.</typeparam>
		/// <param name="source">The sending rank, or <see cref="anySource"/>.</param>
		/// <param name="tag">The tag to match, or <see cref="anyTag"/>.</param>
		/// <param name="values">The array to receive into, or (serialised types) the received array.</param>
		/// <param name="status">The message's source, tag and element count.</param>
		/// <exception cref="MessageTruncatedException">The message is longer than <paramref name="values"/>.</exception>
		/// <exception cref="ArgumentNullException"><paramref name="values"/> is null and T travels as raw
		/// data.</exception>
		/// <exception cref="InvalidCastException">The message holds an object of another type.</exception>
		/// <exception cref="System.Runtime.Serialization.SerializationException">The object could not be
		/// rebuilt.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="source"/> or <paramref name="tag"/> is out of
		/// range.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been disposed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="System.MP.MPIException">The MPI library reported an error.</exception>
		public void Receive<T> (int source, int tag, ref T[] values, out CompletedStatus status)
		{
			var st = new System.MP.Status ();
			int count;
			if (Wire<T>.Direct) {
				try {
					comm.Recv (values, source, tag, st);
				} catch (MPIException e) {
					throw Wire.Translate (e);
				}
				count = st.Get_count (typeof (T));
			} else {
				values = Wire.As<T[]> (comm.ORecv (source, tag, st), "Receive");
				count = values == null ? 0 : values.Length;
			}
			status = new CompletedStatus (st, count);
		}

		/// <summary>Sends <paramref name="inValue"/> to <paramref name="dest"/> and receives
		/// <paramref name="outValue"/> from it, with one tag, without deadlock.</summary>
		/// <typeparam name="T">The type of the values.</typeparam>
		/// <param name="inValue">The value to send.</param>
		/// <param name="dest">The peer rank (sent to and received from).</param>
		/// <param name="tag">The tag of both messages.</param>
		/// <param name="outValue">The value received.</param>
		/// <exception cref="MessageTruncatedException">The message received holds more than one T.</exception>
		/// <exception cref="InvalidCastException">The message holds an object of another type.</exception>
		/// <exception cref="ArgumentOutOfRangeException">A rank or tag is out of range.</exception>
		/// <exception cref="ArgumentException">The value holds an object that cannot travel.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been disposed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="System.MP.MPIException">The MPI library reported an error.</exception>
		public void SendReceive<T> (T inValue, int dest, int tag, out T outValue)
		{
			SendReceiveValue (inValue, dest, tag, dest, tag, out outValue, null);
		}

		/// <summary>Sends <paramref name="inValue"/> to <paramref name="dest"/> and receives
		/// <paramref name="outValue"/> from <paramref name="source"/>, without deadlock.</summary>
		/// <typeparam name="T">The type of the values.</typeparam>
		/// <param name="inValue">The value to send.</param>
		/// <param name="dest">The rank to send to.</param>
		/// <param name="sendTag">The tag of the message sent.</param>
		/// <param name="source">The rank to receive from, or <see cref="anySource"/>.</param>
		/// <param name="recvTag">The tag to match, or <see cref="anyTag"/>.</param>
		/// <param name="outValue">The value received.</param>
		/// <exception cref="MessageTruncatedException">The message received holds more than one T.</exception>
		/// <exception cref="InvalidCastException">The message holds an object of another type.</exception>
		/// <exception cref="ArgumentOutOfRangeException">A rank or tag is out of range.</exception>
		/// <exception cref="ArgumentException">The value holds an object that cannot travel.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been disposed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="System.MP.MPIException">The MPI library reported an error.</exception>
		public void SendReceive<T> (T inValue, int dest, int sendTag, int source, int recvTag, out T outValue)
		{
			SendReceiveValue (inValue, dest, sendTag, source, recvTag, out outValue, null);
		}

		/// <summary>Sends <paramref name="inValue"/> to <paramref name="dest"/> and receives
		/// <paramref name="outValue"/> from <paramref name="source"/>, with the receive's status.</summary>
		/// <typeparam name="T">The type of the values.</typeparam>
		/// <param name="inValue">The value to send.</param>
		/// <param name="dest">The rank to send to.</param>
		/// <param name="sendTag">The tag of the message sent.</param>
		/// <param name="source">The rank to receive from, or <see cref="anySource"/>.</param>
		/// <param name="recvTag">The tag to match, or <see cref="anyTag"/>.</param>
		/// <param name="outValue">The value received.</param>
		/// <param name="status">The received message's source and tag; Count() is 1.</param>
		/// <exception cref="MessageTruncatedException">The message received holds more than one T.</exception>
		/// <exception cref="InvalidCastException">The message holds an object of another type.</exception>
		/// <exception cref="ArgumentOutOfRangeException">A rank or tag is out of range.</exception>
		/// <exception cref="ArgumentException">The value holds an object that cannot travel.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been disposed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="System.MP.MPIException">The MPI library reported an error.</exception>
		public void SendReceive<T> (T inValue, int dest, int sendTag, int source, int recvTag, out T outValue,
		                            out CompletedStatus status)
		{
			var st = new System.MP.Status ();
			SendReceiveValue (inValue, dest, sendTag, source, recvTag, out outValue, st);
			status = new CompletedStatus (st, 1);
		}

		// The body of the value forms; st may be null (no status asked for: nothing allocated).
		void SendReceiveValue<T> (T inValue, int dest, int sendTag, int source, int recvTag, out T outValue,
		                          System.MP.Status st)
		{
			if (Wire<T>.Direct) {
				T[] a = Wire<T>.A, b = Wire<T>.B;
				a[0] = inValue;
				b[0] = default (T); // what a receive from PROC_NULL gives
				try {
					comm.Sendrecv (a, dest, sendTag, b, source, recvTag, st);
				} catch (MPIException e) {
					throw Wire.Translate (e);
				}
				outValue = b[0];
			} else {
				outValue = Wire.As<T> (ObjectExchange (inValue, dest, sendTag, source, recvTag, st), "SendReceive");
			}
		}

		/// <summary>Sends the array <paramref name="inValues"/> to <paramref name="dest"/> and receives into
		/// <paramref name="outValues"/> from it, with one tag.</summary>
		/// <typeparam name="T">The element type.</typeparam>
		/// <param name="inValues">The values to send.</param>
		/// <param name="dest">The peer rank.</param>
		/// <param name="tag">The tag of both messages.</param>
		/// <param name="outValues">The array to receive into (large enough for raw types; replaced for serialised
		/// types).</param>
		/// <exception cref="MessageTruncatedException">The message received is longer than
		/// <paramref name="outValues"/>.</exception>
		/// <exception cref="ArgumentNullException">An array is null and T travels as raw data.</exception>
		/// <exception cref="InvalidCastException">The message holds an object of another type.</exception>
		/// <exception cref="ArgumentOutOfRangeException">A rank or tag is out of range.</exception>
		/// <exception cref="ArgumentException">An element holds an object that cannot travel, or the arrays
		/// overlap.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been disposed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="System.MP.MPIException">The MPI library reported an error.</exception>
		public void SendReceive<T> (T[] inValues, int dest, int tag, ref T[] outValues)
		{
			CompletedStatus status;
			SendReceive (inValues, dest, tag, dest, tag, ref outValues, out status);
		}

		/// <summary>Sends the array <paramref name="inValues"/> to <paramref name="dest"/> and receives into
		/// <paramref name="outValues"/> from <paramref name="source"/>.</summary>
		/// <typeparam name="T">The element type.</typeparam>
		/// <param name="inValues">The values to send.</param>
		/// <param name="dest">The rank to send to.</param>
		/// <param name="sendTag">The tag of the message sent.</param>
		/// <param name="source">The rank to receive from, or <see cref="anySource"/>.</param>
		/// <param name="recvTag">The tag to match, or <see cref="anyTag"/>.</param>
		/// <param name="outValues">The array to receive into (large enough for raw types; replaced for serialised
		/// types).</param>
		/// <exception cref="MessageTruncatedException">The message received is longer than
		/// <paramref name="outValues"/>.</exception>
		/// <exception cref="ArgumentNullException">An array is null and T travels as raw data.</exception>
		/// <exception cref="InvalidCastException">The message holds an object of another type.</exception>
		/// <exception cref="ArgumentOutOfRangeException">A rank or tag is out of range.</exception>
		/// <exception cref="ArgumentException">An element holds an object that cannot travel, or the arrays
		/// overlap.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been disposed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="System.MP.MPIException">The MPI library reported an error.</exception>
		public void SendReceive<T> (T[] inValues, int dest, int sendTag, int source, int recvTag, ref T[] outValues)
		{
			CompletedStatus status;
			SendReceive (inValues, dest, sendTag, source, recvTag, ref outValues, out status);
		}

		/// <summary>Sends the array <paramref name="inValues"/> to <paramref name="dest"/> and receives into
		/// <paramref name="outValues"/> from <paramref name="source"/>, with the receive's status (Count() is the
		/// number of elements received).</summary>
		/// <typeparam name="T">The element type.</typeparam>
		/// <param name="inValues">The values to send.</param>
		/// <param name="dest">The rank to send to.</param>
		/// <param name="sendTag">The tag of the message sent.</param>
		/// <param name="source">The rank to receive from, or <see cref="anySource"/>.</param>
		/// <param name="recvTag">The tag to match, or <see cref="anyTag"/>.</param>
		/// <param name="outValues">The array to receive into (large enough for raw types; replaced for serialised
		/// types).</param>
		/// <param name="status">The received message's source, tag and element count.</param>
		/// <exception cref="MessageTruncatedException">The message received is longer than
		/// <paramref name="outValues"/>.</exception>
		/// <exception cref="ArgumentNullException">An array is null and T travels as raw data.</exception>
		/// <exception cref="InvalidCastException">The message holds an object of another type.</exception>
		/// <exception cref="ArgumentOutOfRangeException">A rank or tag is out of range.</exception>
		/// <exception cref="ArgumentException">An element holds an object that cannot travel, or the arrays
		/// overlap.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been disposed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="System.MP.MPIException">The MPI library reported an error.</exception>
		public void SendReceive<T> (T[] inValues, int dest, int sendTag, int source, int recvTag, ref T[] outValues,
		                            out CompletedStatus status)
		{
			var st = new System.MP.Status ();
			int count;
			if (Wire<T>.Direct) {
				try {
					comm.Sendrecv (inValues, dest, sendTag, outValues, source, recvTag, st);
				} catch (MPIException e) {
					throw Wire.Translate (e);
				}
				count = st.Get_count (typeof (T));
			} else {
				outValues = Wire.As<T[]> (ObjectExchange (inValues, dest, sendTag, source, recvTag, st), "SendReceive");
				count = outValues == null ? 0 : outValues.Length;
			}
			status = new CompletedStatus (st, count);
		}

		// An object send-receive: the send is posted first (serialised at once), so two ranks exchanging never
		// wait for each other; it is completed even when the receive fails.
		object ObjectExchange (object value, int dest, int sendTag, int source, int recvTag, System.MP.Status st)
		{
			System.MP.Request send;
			using (SerializableScope.Enter ())
				send = comm.OIsend (value, dest, sendTag);
			object received;
			try {
				received = comm.ORecv (source, recvTag, st);
			} finally {
				send.Wait ();
			}
			return received;
		}

		/// <summary>Starts sending <paramref name="value"/> to <paramref name="dest"/> and returns at once.  The value
		/// is copied (raw types) or serialised at the call, so it may change at once.</summary>
		/// <typeparam name="T">The type of the value.</typeparam>
		/// <param name="value">The value to send.</param>
		/// <param name="dest">The receiving rank.</param>
		/// <param name="tag">The message tag.</param>
		/// <returns>The request; Wait or Test completes it.</returns>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="dest"/> or <paramref name="tag"/> is out of
		/// range.</exception>
		/// <exception cref="ArgumentException">The value holds an object that cannot travel.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been disposed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="System.MP.MPIException">The MPI library reported an error.</exception>
		public Request ImmediateSend<T> (T value, int dest, int tag)
		{
			if (Wire<T>.Direct)
				return new SendRequest (comm.Isend (new T[] { value }, dest, tag), 1);
			using (SerializableScope.Enter ())
				return new SendRequest (comm.OIsend (value, dest, tag), 1);
		}

		/// <summary>Starts sending the array <paramref name="values"/> to <paramref name="dest"/> and returns at once.
		/// Raw types are sent from the array itself (do not change it before the request completes); other types
		/// are serialised at the call.</summary>
		/// <typeparam name="T">The element type.</typeparam>
		/// <param name="values">The values to send.</param>
		/// <param name="dest">The receiving rank.</param>
		/// <param name="tag">The message tag.</param>
		/// <returns>The request; Wait or Test completes it.</returns>
		/// <exception cref="ArgumentNullException"><paramref name="values"/> is null and T travels as raw
		/// data.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="dest"/> or <paramref name="tag"/> is out of
		/// range.</exception>
		/// <exception cref="ArgumentException">An element holds an object that cannot travel.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been disposed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="System.MP.MPIException">The MPI library reported an error.</exception>
		public Request ImmediateSend<T> (T[] values, int dest, int tag)
		{
			if (Wire<T>.Direct)
				return new SendRequest (comm.Isend (values, dest, tag), values.Length);
			using (SerializableScope.Enter ())
				return new SendRequest (comm.OIsend (values, dest, tag), values == null ? 0 : values.Length);
		}

		/// <summary>Starts receiving one value and returns at once; <see cref="ReceiveRequest.GetValue"/> gives it
		/// after Wait or Test.  A request dropped before completion leaks nothing: the runtime completes it at a
		/// garbage collection.</summary>
		/// <typeparam name="T">The type of the value.</typeparam>
		/// <param name="source">The sending rank, or <see cref="anySource"/>.</param>
		/// <param name="tag">The tag to match, or <see cref="anyTag"/>.</param>
		/// <returns>The request.</returns>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="source"/> or <paramref name="tag"/> is out of
		/// range.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been disposed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="System.MP.MPIException">The MPI library reported an error.</exception>
		public ReceiveRequest ImmediateReceive<T> (int source, int tag)
		{
			return ImmediateReceive<T> (source, tag, (Action<T>) null);
		}

		/// <summary>Starts receiving one value and returns at once; when the request completes (Wait or Test),
		/// <paramref name="action"/> is called with the value.</summary>
		/// <typeparam name="T">The type of the value.</typeparam>
		/// <param name="source">The sending rank, or <see cref="anySource"/>.</param>
		/// <param name="tag">The tag to match, or <see cref="anyTag"/>.</param>
		/// <param name="action">Called once with the value at completion; may be null.</param>
		/// <returns>The request.</returns>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="source"/> or <paramref name="tag"/> is out of
		/// range.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been disposed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="System.MP.MPIException">The MPI library reported an error.</exception>
		public ReceiveRequest ImmediateReceive<T> (int source, int tag, Action<T> action)
		{
			if (Wire<T>.Direct) {
				var buf = new T[1];
				return new ValueReceiveRequest<T> (comm.Irecv (buf, source, tag), buf, action);
			}
			return new ObjectReceiveRequest<T> (comm.OIrecv (source, tag), action, null);
		}

		/// <summary>Starts receiving an array into <paramref name="values"/> and returns at once;
		/// <see cref="ReceiveRequest.GetValue"/> gives the array after completion.  For serialised types the received
		/// elements are copied into <paramref name="values"/> at completion.</summary>
		/// <typeparam name="T">The element type.</typeparam>
		/// <param name="source">The sending rank, or <see cref="anySource"/>.</param>
		/// <param name="tag">The tag to match, or <see cref="anyTag"/>.</param>
		/// <param name="values">The array to receive into; it must be large enough.</param>
		/// <returns>The request.</returns>
		/// <exception cref="ArgumentNullException"><paramref name="values"/> is null.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="source"/> or <paramref name="tag"/> is out of
		/// range.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been disposed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="System.MP.MPIException">The MPI library reported an error.</exception>
		public ReceiveRequest ImmediateReceive<T> (int source, int tag, T[] values)
		{
			if (values == null)
				throw new ArgumentNullException ("values");
			if (Wire<T>.Direct)
				return new ArrayReceiveRequest<T> (comm.Irecv (values, source, tag), values);
			return new ObjectReceiveRequest<T[]> (comm.OIrecv (source, tag), null, values);
		}

		/// <summary>Waits until a message from <paramref name="source"/> with <paramref name="tag"/> can be received,
		/// without receiving it.</summary>
		/// <param name="source">The rank, or <see cref="anySource"/>.</param>
		/// <param name="tag">The tag, or <see cref="anyTag"/>.</param>
		/// <returns>The message's status (source, tag, element counts).</returns>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="source"/> or <paramref name="tag"/> is out of
		/// range.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been disposed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="System.MP.MPIException">The MPI library reported an error.</exception>
		public Status Probe (int source, int tag)
		{
			var st = new System.MP.Status ();
			comm.Probe (source, tag, st);
			return new Status (st);
		}

		/// <summary>Whether a message from <paramref name="source"/> with <paramref name="tag"/> can be received now,
		/// without receiving it.</summary>
		/// <param name="source">The rank, or <see cref="anySource"/>.</param>
		/// <param name="tag">The tag, or <see cref="anyTag"/>.</param>
		/// <returns>The message's status, or null if there is none yet.</returns>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="source"/> or <paramref name="tag"/> is out of
		/// range.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been disposed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="System.MP.MPIException">The MPI library reported an error.</exception>
		public Status ImmediateProbe (int source, int tag)
		{
			var st = new System.MP.Status ();
			return comm.Iprobe (source, tag, st) ? new Status (st) : null;
		}
	}
}
